import ReactMarkdown, { type Components, defaultUrlTransform } from "react-markdown";
import remarkGfm from "remark-gfm";

/*
 * The consent message (Markdown written by program staff) in plain elements: the rules of
 * components/markdown.tsx (raw HTML shows as text, links only to http(s) and mailto, images as
 * their description, headings one level below the page's h1) without MUI, whose style engine the
 * light patient-side entry does not load. A chunk of its own, fetched once the page shows.
 */

const SAFE_PROTOCOL = /^(https?:|mailto:)/i;
const safeUrl = (url: string): string | null => {
  const cleaned = defaultUrlTransform(url.trim());
  return SAFE_PROTOCOL.test(cleaned) ? cleaned : null;
};

const components: Components = {
  h1: ({ children }) => <h2>{children}</h2>,
  h2: ({ children }) => <h3>{children}</h3>,
  h3: ({ children }) => <h4>{children}</h4>,
  h4: ({ children }) => <h5>{children}</h5>,
  h5: ({ children }) => <h6>{children}</h6>,
  a: ({ href, children }) =>
    href ? (
      <a
        href={href}
        {...(href.toLowerCase().startsWith("mailto:") ? {} : { target: "_blank", rel: "noopener noreferrer" })}
      >
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ alt }) => <>{alt}</>,
};

export const ConsentMarkdown = ({ source }: { source: string }) => (
  <div className="pu-markdown">
    <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml={false} urlTransform={safeUrl} components={components}>
      {source}
    </ReactMarkdown>
  </div>
);
