import { defineConfig } from '@playwright/test';

// Debian's Chromium, headless and without the sandbox (CI runs as root); the site is the
// built dist/ served by `cargo xtask web --serve --no-build`.
const port = Number(process.env.PLATEAU_WEB_PORT ?? 8000);
export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox'],
    },
    headless: true,
  },
  webServer: {
    command: `cargo run -q -p xtask -- web --serve --no-build --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  },
});
