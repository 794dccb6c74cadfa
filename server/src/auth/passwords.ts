import argon2 from 'argon2';
import type { ServerConfig } from '../config/config';

export function createPasswordHasher(cost: ServerConfig['argon2']) {
  return {
    hash: (password: string): Promise<string> => argon2.hash(password, { type: argon2.argon2id, ...cost }),
    verify: async (hash: string, password: string): Promise<boolean> => {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
