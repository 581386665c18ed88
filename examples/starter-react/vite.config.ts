import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Nothing vstore-specific: the packages work with Vite's defaults.
export default defineConfig({
  plugins: [react()],
});
