// Loaded before every test file (vitest setupFiles).
process.env.TZ = 'UTC';
