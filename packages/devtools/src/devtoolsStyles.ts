// Colours are checked against the panel background #161b22 for WCAG AA (4.5:1 for text):
// #e6edf3 14.6:1, #9da7b3 7.1:1, #7ee787 11.3:1, #ff9492 8.2:1, #e3b341 8.9:1, #d2a8ff 8.9:1; on the
// button background #21262d the lowest is #9da7b3 at 6.2:1.
export const DEVTOOLS_CSS = `
:host {
  all: initial;
  position: fixed;
  right: 12px;
  bottom: 12px;
  z-index: 2147483000;
  display: block;
  max-width: calc(100vw - 24px);
  font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  color: #e6edf3;
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
.panel { background: #161b22; border: 1px solid #30363d; border-radius: 8px; box-shadow: 0 6px 24px rgb(0 0 0 / 35%); }
.bar { display: flex; align-items: center; gap: 8px; padding: 6px 8px; }
.summary { color: #9da7b3; }
.summary b { color: #e6edf3; font-weight: 600; }
.summary .stale { color: #ff9492; }
button, select, input {
  font: inherit; color: #e6edf3; background: #21262d; border: 1px solid #3d444d; border-radius: 4px; padding: 2px 8px;
}
button { cursor: pointer; }
button:hover { background: #30363d; }
button[aria-pressed="true"] { background: #3d2f00; border-color: #e3b341; }
:focus-visible { outline: 2px solid #79c0ff; outline-offset: 1px; }
.toggle { font-weight: 600; }
.body { width: min(760px, calc(100vw - 26px)); max-height: min(60vh, 560px); overflow: auto; padding: 0 8px 8px; border-top: 1px solid #30363d; }
.body[hidden] { display: none; }
h2 { font-size: 12px; margin: 8px 0 4px; color: #e6edf3; }
.controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 4px 0; }
label { color: #9da7b3; display: inline-flex; gap: 4px; align-items: center; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 2px 6px; border-bottom: 1px solid #21262d; white-space: nowrap; }
th { color: #9da7b3; font-weight: 600; position: sticky; top: 0; background: #161b22; }
th.num, td.num { text-align: right; font-variant-numeric: tabular-nums; }
.applied { color: #7ee787; }
.stale { color: #ff9492; }
.duplicate { color: #e3b341; }
.deleted, .removed { color: #d2a8ff; }
.muted { color: #9da7b3; }
.note { color: #9da7b3; margin: 4px 0; }
`;
