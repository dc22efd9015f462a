// src/shared is compiled with neither the DOM's nor Node's types, so that nothing in it can lean
// on one side of the wire. These are the few globals both sides provide that it uses.

declare class URL {
  constructor(url: string, base?: string | URL);
  readonly href: string;
  readonly protocol: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
}

declare const console: {
  warn(...data: unknown[]): void;
};
