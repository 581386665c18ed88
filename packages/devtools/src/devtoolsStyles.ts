// Written tight: these bytes ship in every app that mounts the panel (size-budget.json, `devtools`).
// The host is the panel: a rail down the right side when collapsed (`--size` is its width), docked at
// the bottom or a side when open (`--size` its height or width), in room the page makes for it (dock.ts).
// Text colours against the background #161b22 (WCAG AA asks 4.5:1): #e6edf3 14.6:1, #9da7b3 7.1:1,
// #7ee787 11.3:1, #ff9492 8.2:1, #e3b341 8.9:1, #d2a8ff 8.9:1; on the buttons' #21262d the lowest is
// #9da7b3 at 6.2:1; on a changed row's #3d2f00, #e6edf3 11.6:1 and #e3b341 6.9:1.
// Tables are `content-visibility: auto`: one scrolled out of the panel's view costs no layout or paint
// when its rows change (the timeline under a stream of writes). A table wider than the panel still
// scrolls it sideways: the table's own box grows, so the paint containment clips nothing.
export const DEVTOOLS_CSS = `
:host{all:initial;position:fixed;z-index:2147483000;inset:0 0 0 auto;width:var(--size);box-sizing:border-box;display:flex;flex-direction:column;background:#161b22;border:0 solid #30363d;border-left-width:1px;font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:#e6edf3}
:host([dock=left]){inset:0 auto 0 0;border-width:0 1px 0 0}
:host([open][dock=bottom]){inset:auto 0 0;width:auto;height:var(--size);border-width:1px 0 0}
:host([hidden]),[hidden]{display:none!important}
*{box-sizing:border-box}
section{flex:1;display:flex;flex-direction:column;min-height:0}
.grip{position:absolute;inset:0 auto 0 0;width:5px;cursor:ew-resize;touch-action:none}
:host([dock=left]) .grip{inset:0 0 0 auto}
:host([dock=bottom]) .grip{inset:0 0 auto;width:auto;height:5px;cursor:ns-resize}
.grip:hover,.grip:focus-visible{background:#79c0ff;outline:0}
.bar,.controls,.head{display:flex;flex-wrap:wrap;align-items:center;gap:4px 8px}
.bar{padding:6px 8px}
:host(:not([open])) .bar{margin-top:auto;padding:4px 0;justify-content:center}
:host(:not([open])) :is(.grip,.summary,label){display:none}
:host(:not([open])) .toggle{writing-mode:vertical-rl;padding:8px 2px}
:host([open]) .badge{display:none}
.body{flex:1;overflow:auto;padding:0 8px 8px;border-top:1px solid #30363d}
button,select,input{font:inherit;color:inherit;background:#21262d;border:1px solid #3d444d;border-radius:4px;padding:2px 8px;min-height:24px}
button{cursor:pointer}
button:hover{background:#30363d}
[aria-pressed=true]{background:#3d2f00;border-color:#e3b341}
:focus-visible{outline:2px solid #79c0ff}
.toggle,b{font-weight:600;color:#e6edf3}
.key{border:0;background:0;padding:0;text-decoration:underline}
h2,h3{font-size:12px;margin:10px 0 4px}
.head h2{margin-right:auto}
label,h3,th,.muted,.note,.summary{color:#9da7b3}
table{border-collapse:collapse;width:100%;content-visibility:auto;contain-intrinsic-size:auto 100px}
th,td{text-align:left;padding:2px 6px;border-bottom:1px solid #21262d;white-space:nowrap}
thead th{position:sticky;top:0;background:#161b22}
.fields td,.diff td,.msg{white-space:pre-wrap;overflow-wrap:anywhere}
.msg{min-width:24ch}
caption{text-align:left;color:#9da7b3;padding:6px 0 2px}
.num{text-align:right}
.changed>*{background:#3d2f00;color:#e6edf3}
.tag,.duplicate{color:#e3b341}
.applied{color:#7ee787}
.stale,.badge{color:#ff9492}
.deleted,.removed{color:#d2a8ff}
`;
