// The reply rules shared by every /app call: the envelope, its language, statuses, hidden 5xx details, and what
// is not an API path.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { API } from '../../../server/contract/api.ts';
import { describeDialects } from '../dialects.ts';
import { openHarness, type Harness } from '../harness.ts';

describeDialects('replies', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await openHarness(dialect);
  });
  afterEach(async () => h.dispose());

  const userInfo = (headers: Record<string, string>) => h.call('GET', API.getUserInfo, { headers });

  it.each([
    [{ lang: 'ja' }, '先にログインしてください。'],
    [{ lang: 'jp' }, '先にログインしてください。'],
    [{ lang: 'kr' }, '먼저 로그인해 주세요.'],
    [{ lang: 'tc' }, '請先登入。'],
    [{ lang: 'zh' }, '请先登录。'],
    [{ lang: 'ti' }, 'โปรดเข้าสู่ระบบก่อน'],
    [{ lang: 'ep' }, 'Primero inicia sesión.'],
    [{ lang: 'il' }, "Effettua prima l'accesso."],
    [{ 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' }, 'Faça login primeiro.'],
    [{ lang: 'ko', 'accept-language': 'ja' }, '먼저 로그인해 주세요.'],
    [{ lang: 'xx', 'accept-language': 'de-DE' }, 'Please log in first.'],
    [{}, 'Please log in first.'],
  ])('answers in the language of %j', async (headers, msg) => {
    const reply = await userInfo(headers);
    expect(reply.body).toEqual({ code: 'login.user.not.login', msg, data: null });
  });

  it('fills placeholders of a translated message', async () => {
    const send = () =>
      h.call('POST', API.sendCode, { headers: { lang: 'zh-CN' }, body: { channel: 'email', account: 'a@example.com', purpose: 'register' } });
    await send();
    const reply = await send();
    expect(reply.body.msg).toBe('请等待 60 秒后再获取验证码。');
  });

  it('answers an unknown /app or /api path, or a wrong method, with request.not.found', async () => {
    for (const [method, url] of [['GET', '/app/nothing'], ['POST', '/api/v3/order'], ['GET', API.login], ['POST', '/quotation']] as const) {
      const reply = await h.call(method, url);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ code: 'request.not.found', msg: 'The requested resource was not found.', data: null });
    }
  });

  it('answers a body over the size limit with request.invalid', async () => {
    const reply = await h.call('POST', API.login, { rawBody: JSON.stringify({ account: 'x'.repeat(70_000), password: 'p' }) });
    expect(reply.status).toBe(413);
    expect(reply.body.code).toBe('request.invalid');
  });

  it('treats an empty JSON body as absent (logout works, register asks for a body)', async () => {
    expect((await h.call('POST', API.logout, { rawBody: '' })).body.code).toBe('success');
    expect((await h.call('POST', API.register, { rawBody: ' ' })).body.code).toBe('request.invalid');
  });

  it('hides the details of an internal failure and logs it', async () => {
    const logged = vi.spyOn(h.app.log, 'error');
    h.app.get('/app/test/boom', async () => {
      throw new Error('db password is hunter2');
    });
    const reply = await h.call('GET', '/app/test/boom', { headers: { lang: 'ja' } });
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({
      code: 'system.error',
      msg: 'サーバーでエラーが発生しました。しばらくしてからもう一度お試しください。',
      data: null,
    });
    expect(reply.raw.body).not.toContain('hunter2');
    expect(logged).toHaveBeenCalled();
  });

  it('answers system.error when the store is gone', async () => {
    await h.store.close();
    const reply = await h.call('POST', API.coinList, { body: { pageIndex: 1, pageSize: 10 } });
    expect(reply.status).toBe(500);
    expect(reply.body.code).toBe('system.error');
  });

  it('serves a build hint for page paths when the web app is not built', async () => {
    const reply = await h.app.inject({ method: 'GET', url: '/quotation?x=1' });
    expect(reply.statusCode).toBe(503);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.body).toContain('npm run build');
  });
});
