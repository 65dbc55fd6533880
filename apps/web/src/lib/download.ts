/**
 * The browser's half of a file download: the name the server gives and the hand-over to the browser.
 * The call itself goes through lib/http.ts's `download()` (staff) or the patient session's
 * `meDownload()`, so that every download follows the session and error rules of every other call.
 */

/** Decodes a percent-encoded RFC 8187 value in its charset (UTF-8, else ISO-8859-1 byte for byte). */
const decodeExtValue = (charset: string, value: string): string | null => {
  try {
    if (charset.toLowerCase() === "utf-8") return decodeURIComponent(value);
    return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  } catch {
    return null;
  }
};

/** A file name with no folders in it (a server's name is a name, never a path). */
const baseName = (name: string): string => name.split(/[\\/]/).pop()?.trim() ?? "";

/**
 * The file name of a Content-Disposition header, if any (RFC 6266): `filename*=charset'lang'value`
 * first (percent-encoded, any language tag), else `filename=`, quoted (with `\"` escapes) or plain.
 */
export const fileNameOf = (header: string | null, fallback: string): string => {
  if (!header) return fallback;
  const star = header.match(/filename\*\s*=\s*"?([^';"]*)'[^']*'([^;"\s]+)"?/i);
  if (star?.[2]) {
    const decoded = decodeExtValue(star[1] || "utf-8", star[2]);
    if (decoded && baseName(decoded)) return baseName(decoded);
  }
  const quoted = header.match(/(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i);
  if (quoted?.[1] !== undefined) {
    const name = baseName(quoted[1].replace(/\\(.)/g, "$1"));
    if (name) return name;
  }
  const plain = header.match(/(?:^|;)\s*filename\s*=\s*([^";]+)/i);
  return (plain?.[1] && baseName(plain[1])) || fallback;
};

/** Hands a file to the browser to save, through a temporary object URL. */
export const saveFile = (blob: Blob, name: string): void => {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
