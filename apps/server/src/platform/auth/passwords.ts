import { hash, verify } from "@node-rs/argon2";

/** argon2id with OWASP's minimum profile (19 MiB, 2 passes). */
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 as const };

export const hashPassword = (password: string): Promise<string> => hash(password, options);

/** A hash verified against when the e-mail is unknown, so both cases cost the same time. */
let decoyHash: Promise<string> | undefined;

export const verifyPassword = async (passwordHash: string | null, password: string): Promise<boolean> => {
  if (!passwordHash) {
    decoyHash ??= hashPassword("decoy-password-that-never-matches");
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};
