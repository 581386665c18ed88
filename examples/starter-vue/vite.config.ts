import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

// Nothing vstore-specific: the packages work with Vite's defaults.
export default defineConfig({
  plugins: [vue()],
});
