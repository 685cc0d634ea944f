// Account calls: sign-up, sign-in, codes, password reset, user info, sign-out.
import { API } from '../contract.ts';
import type { LoginReply, LoginRequest, RegisterRequest, ResetPasswordRequest, SendCodeReply, SendCodeRequest, UserInfo } from '../contract.ts';
import { api, type CallOptions } from './index.ts';
import { ignoreData, parseLoginReply, parseSendCodeReply, parseUserInfo } from './parse.ts';

export const fetchUserInfo = (options?: CallOptions): Promise<UserInfo> => api.get(API.getUserInfo, parseUserInfo, undefined, options);

export const login = (body: LoginRequest, options?: CallOptions): Promise<LoginReply> =>
  api.post(API.login, parseLoginReply, body, options);

export const register = (body: RegisterRequest, options?: CallOptions): Promise<true> =>
  api.post(API.register, ignoreData, body, options);

export const sendCode = (body: SendCodeRequest, options?: CallOptions): Promise<SendCodeReply> =>
  api.post(API.sendCode, parseSendCodeReply, body, options);

export const resetPassword = (body: ResetPasswordRequest, options?: CallOptions): Promise<true> =>
  api.post(API.resetPassword, ignoreData, body, options);

export const logout = (options?: CallOptions): Promise<true> => api.post(API.logout, ignoreData, {}, options);
