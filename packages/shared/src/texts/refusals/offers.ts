export const en = {};

export const bn: typeof en = {};
