import { lazy, Suspense } from "react";
import { Loading } from "./loading";

const Loaded = lazy(async () => ({ default: (await import("./markdown")).Markdown }));

/**
 * The Markdown renderer (react-markdown, remark-gfm: a third of the consent page's script) as a
 * chunk of its own, fetched once the page has shown: the consent text follows a moment later.
 */
export const LazyMarkdown = ({ source, label }: { source: string; label: string }) => (
  <Suspense fallback={<Loading label={label} />}>
    <Loaded source={source} />
  </Suspense>
);
