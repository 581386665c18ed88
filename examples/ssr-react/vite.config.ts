import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

// `@vstore/source` first: the workspace packages resolve to their TypeScript, on both sides.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@vstore/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@vstore/source', ...defaultServerConditions] } },
});
