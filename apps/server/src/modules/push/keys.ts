import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generatePushKeys, type PushKeys } from "./service.js";

/**
 * The VAPID pair the server signs its pushes with: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set;
 * outside production, a pair generated once and kept in DATA_DIR (like the JWT secret), so a demo
 * pushes without setup and its subscriptions outlive a restart; in production without keys, none
 * (no push: the reminders go by e-mail).
 */
export const pushKeysFor = (config: {
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
  SUPPORT_EMAIL: string;
  NODE_ENV: string;
  dataDir: string;
}): PushKeys | null => {
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.SUPPORT_EMAIL}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  if (config.NODE_ENV === "production") return null;
  const file = join(config.dataDir, "vapid-keys.json");
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const pair = generatePushKeys();
  writeFileSync(file, JSON.stringify(pair), { mode: 0o600 });
  return { ...pair, subject };
};
