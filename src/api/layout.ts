// Saved screen layouts (signed in): the account's copy of a screen's panel arrangement. The layout itself comes
// back as unchecked JSON; the screen that owns it validates it (pages/trade/dock/validate.ts).
import { API, LAYOUT_SCREENS, type LayoutReply, type LayoutScreen } from '../contract.ts';
import { api, type CallOptions } from './index.ts';
import type { Parser } from './parse.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const parseLayoutReply: Parser<LayoutReply> = (d) => {
  if (!isRecord(d) || !(LAYOUT_SCREENS as readonly unknown[]).includes(d.screen)) return null;
  const updatedAt = typeof d.updatedAt === 'number' && Number.isFinite(d.updatedAt) ? d.updatedAt : null;
  return { screen: d.screen as LayoutScreen, layout: d.layout ?? null, updatedAt };
};

export const fetchLayout = (screen: LayoutScreen, options?: CallOptions): Promise<LayoutReply> =>
  api.get(API.layoutGet, parseLayoutReply, { screen }, options);

export const saveLayout = (screen: LayoutScreen, layout: object, options?: CallOptions): Promise<LayoutReply> =>
  api.post(API.layoutSave, parseLayoutReply, { screen, layout }, options);

export const resetLayout = (screen: LayoutScreen, options?: CallOptions): Promise<LayoutReply> =>
  api.post(API.layoutReset, parseLayoutReply, { screen }, options);
