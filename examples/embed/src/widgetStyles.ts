/**
 * Shadow-DOM styles. `all: initial` on the host stops inherited host styles (font, colour, spacing)
 * from leaking in, as the shadow root already stops the host's selectors.
 */
export const widgetStyles = `
:host { all: initial; display: block; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2430; }
:host([hidden]) { display: none; }
.card { box-sizing: border-box; border: 1px solid #d9dce3; border-radius: 10px; padding: 14px 16px; background: #fff; min-width: 240px; }
.head { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.name { font-weight: 600; font-size: 15px; }
.pill { font-size: 12px; border-radius: 999px; padding: 2px 8px; background: #eef0f4; color: #4a5163; }
.pill.active { background: #e3f6ea; color: #1d7a43; }
.pill.paused { background: #fff1dc; color: #9a5b00; }
.limit { margin-top: 8px; font-size: 20px; font-variant-numeric: tabular-nums; }
.meta { margin-top: 2px; color: #6b7285; font-size: 12px; }
.actions { margin-top: 12px; display: flex; gap: 8px; }
button { font: inherit; font-size: 13px; border: 1px solid #c5cad6; background: #f7f8fa; color: #1f2430; border-radius: 6px; padding: 4px 10px; cursor: pointer; }
button:hover:not(:disabled) { background: #eceef3; }
button:disabled { opacity: 0.55; cursor: default; }
.error { margin-top: 8px; color: #b42318; font-size: 12px; }
.error:empty { display: none; }
`;
