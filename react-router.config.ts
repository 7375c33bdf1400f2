import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src/web',
  // JOTIT_BUILD_DIR lets several working copies of the team build side by side; default build/.
  buildDirectory: process.env.JOTIT_BUILD_DIR ?? 'build',
  ssr: true,
} satisfies Config;
