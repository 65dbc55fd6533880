import { createHmac, randomBytes } from "node:crypto";

/**
 * Export-scoped pseudonyms: HMAC-SHA256 of an id with a random salt made for one export and never
 * stored, so a file an anonymised role downloads names patients by keys that link nothing across
 * exports, hospitals or the rest of the product (security issue 29 §4).
 */
export const newExportSalt = (): Buffer => randomBytes(32);

/** A prefix ("P" for patients) and 16 hex digits: stable within one export, unlinkable across exports without the salt. */
export const pseudonym = (salt: Buffer, id: string, prefix = "P"): string =>
  `${prefix}-${createHmac("sha256", salt).update(`${prefix}:${id}`).digest("hex").slice(0, 16)}`;

/** A memoised pseudonym function (one HMAC per patient, not per row). */
export const pseudonymiser = (salt: Buffer, prefix = "P") => {
  const known = new Map<string, string>();
  return (id: string) => {
    let key = known.get(id);
    if (!key) {
      key = pseudonym(salt, id, prefix);
      if (known.size < 1_000_000) known.set(id, key);
    }
    return key;
  };
};
