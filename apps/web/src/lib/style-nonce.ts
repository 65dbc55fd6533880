import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { createElement, type ReactNode } from "react";

/**
 * The Content-Security-Policy allows only style elements that carry the nonce the server put in
 * this page (`<meta name="csp-nonce">`, a new one for every page it sends; none under `vite dev`).
 * MUI's emotion gets it through its cache; notistack's goober reads `window.__nonce__`.
 */
export const styleNonce =
  typeof document === "undefined"
    ? undefined
    : (document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? undefined);

if (styleNonce) (window as { __nonce__?: string }).__nonce__ = styleNonce;

export const styleCache = createCache({ key: "css", ...(styleNonce ? { nonce: styleNonce } : {}) });

/** The app inside emotion's cache, so that every style element it inserts carries the nonce. */
export const withStyleNonce = (app: ReactNode) => createElement(CacheProvider, { value: styleCache }, app);
