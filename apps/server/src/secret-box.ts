import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Seals small secrets (tokens, webhook secrets) the server must read back, and opens them again. */
export interface SecretBox {
  seal(plaintext: string): string;
  /** The plaintext, or undefined when the text was sealed with another key or was tampered with. */
  open(sealed: string): string | undefined;
}

const VERSION = 'v1';

/**
 * AES-256-GCM under a key derived (HKDF-SHA256) from the server's secret and a purpose, so the same
 * secret never serves two purposes and a sealed value cannot be altered unnoticed. Changing the
 * server's secret makes earlier sealed values unreadable: they have to be entered again.
 */
export function createSecretBox(serverSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, '', `switchboard ${purpose}`, 32));
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, text] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || text === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return undefined;
      }
    },
  };
}
