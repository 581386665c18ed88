import type { Theme } from 'vitepress';
import DefaultTheme from 'vitepress/theme';
import LiveExample from './LiveExample.vue';
import './accessibility.css';

// The default theme, plus <LiveExample>: the getting-started example, run in the page.
export default {
  extends: DefaultTheme,
  enhanceApp({ app }) {
    app.component('LiveExample', LiveExample);
  },
} satisfies Theme;
