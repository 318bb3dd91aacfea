// The jx pipeline explorer (lib/Explorer/page/explorer.js): renders the JSON
// that `jxc explore` embeds in the page (lib/Explorer/Explorer.cpp writes it).
//
// Data: stages[i] = {id, title, kind, ms, opCount, bytes, note, passes,
// dialects, opNames, ops, text}; ops[k] = [line, name, func, origin...],
// where an origin is the index of a StableHLO op (origins[o] = [line, name,
// loc?]). Two ops of different stages correspond when they share an origin.
//
// Test hook: window.jxExplorer (select, follow, setMode, selfTest); with
// ?selftest=1 the self test's result is written into #jx-selftest.
(function () {
  'use strict';
  var T0 = performance.now();
  var errors = [];
  var status = document.getElementById('jx-status');
  function noteError(msg) {
    errors.push(String(msg));
    status.dataset.errors = String(errors.length);
    status.dataset.lastError = String(msg);
  }
  window.addEventListener('error', function (e) { noteError(e.message || e); });
  window.addEventListener('unhandledrejection', function (e) { noteError(e.reason); });

  var D = JSON.parse(document.getElementById('jx-data').textContent);
  var S = D.stages;
  var NAMES = D.names, FUNCS = D.funcs, ORIG = D.origins;

  // ----- helpers -----
  function $(sel, root) { return (root || document).querySelector(sel); }
  function $$(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }
  function esc(s) {
    return String(s).replace(/[&<>"]/g, function (c) {
      return c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;';
    });
  }
  function fmtBytes(n) {
    if (n == null) return '';
    if (n < 1024) return n + ' B';
    var u = ['KiB', 'MiB', 'GiB', 'TiB'], i = -1;
    do { n /= 1024; i++; } while (n >= 1024 && i < u.length - 1);
    return n.toFixed(n < 10 ? 2 : n < 100 ? 1 : 0) + ' ' + u[i];
  }
  function fmtMs(ms) {
    if (ms == null || ms < 0) return '';
    if (ms < 0.01) return (ms * 1000).toFixed(2) + ' µs';
    if (ms < 1) return (ms * 1000).toFixed(0) + ' µs';
    if (ms < 100) return ms.toFixed(1) + ' ms';
    return ms.toFixed(0) + ' ms';
  }
  function fmtNum(n) {
    if (n == null) return '';
    if (Math.abs(n) >= 1e9) return (n / 1e9).toFixed(2) + ' G';
    if (Math.abs(n) >= 1e6) return (n / 1e6).toFixed(2) + ' M';
    if (Math.abs(n) >= 1e4) return (n / 1e3).toFixed(1) + ' K';
    return String(Math.round(n * 100) / 100);
  }
  // A number, or the "inf"/"-inf"/"nan" JSON cannot hold as one.
  function prec(v) { return typeof v === 'number' ? v.toPrecision(4) : String(v); }
  function el(tag, cls, html) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (html != null) e.innerHTML = html;
    return e;
  }
  // Time per region of a run: the compiled code's own timers
  // (jx-time-regions) around each top-level loop nest, library call and copy.
  function regionsCard(regions, run) {
    var timed = regions.filter(function (g) { return g.calls > 0; });
    if (!timed.length) return '';
    var perCall = function (g) { return g.ns / 1e6 / Math.max(1, run.calls); };
    var sum = timed.reduce(function (a, g) { return a + perCall(g); }, 0);
    var rows = timed.slice().sort(function (a, b) { return b.ns - a.ns; });
    var shown = rows.slice(0, 20);
    var h = ['<div class="card" style="order:3" id="regions"><h3>Time per region of a call</h3>'];
    h.push('<p>' + timed.length + ' timed regions take ' + fmtMs(sum) + ' of the ' + fmtMs(run.medianMs) + ' median call; the rest (' +
      fmtMs(Math.max(0, run.medianMs - sum)) + ') is allocation, freeing, small ops between regions and the call itself.</p>');
    h.push('<table class="t"><tr><th>region</th><th class="r">per call</th><th class="r">share</th><th>computes</th></tr>');
    shown.forEach(function (g) {
      var t = perCall(g);
      h.push('<tr><td>' + esc(g.kind) + ' <a class="j" data-pick="1" data-stage="' + stageIndex('loops') + '" data-line="' + g.line + '">loops line ' + g.line + '</a>' +
        (g.calls !== run.calls ? ' <span class="note">\u00d7' + (g.calls / run.calls).toFixed(g.calls % run.calls ? 1 : 0) + ' per call</span>' : '') + '</td><td class="r">' + fmtMs(t) + '</td><td class="r">' +
        (100 * t / run.medianMs).toFixed(1) + '%</td><td>' +
        g.origins.slice(0, 4).map(function (o) { return '<a class="j" data-origin="' + o + '">' + esc(ORIG[o][1].replace('stablehlo.', '')) + '<sub>' + ORIG[o][0] + '</sub></a>'; }).join(', ') +
        (g.origins.length > 4 ? ' +' + (g.origins.length - 4) : '') + '</td></tr>');
    });
    h.push('</table>');
    if (rows.length > shown.length) h.push('<p class="note">' + (rows.length - shown.length) + ' smaller regions not listed.</p>');
    h.push('<p class="note">Measured by timers the explorer compiles into its own copy of the program (two clock reads per region and call, included in the times above), over the same calls as the median. The runtime threads parallel loop nests and library calls; a region\'s time is the wall time on the calling thread.</p></div>');
    return h.join('');
  }

  function stageIndex(id) {
    for (var i = 0; i < S.length; i++) if (S[i].id === id) return i;
    return -1;
  }
  var HLO = stageIndex('stablehlo');

  // ----- per-stage indexes, built on first use -----
  function prep(si) {
    var st = S[si];
    if (st._lines) return st;
    st._lines = st.text.split('\n');
    if (st._lines.length && st._lines[st._lines.length - 1] === '') st._lines.pop();
    st._atLine = new Map();   // line -> [op index]
    st._byOrigin = new Map(); // origin -> [op index]
    st._byFunc = new Map();   // func -> first op index
    for (var k = 0; k < st.ops.length; k++) {
      var op = st.ops[k];
      var l = op[0];
      if (!st._atLine.has(l)) st._atLine.set(l, []);
      st._atLine.get(l).push(k);
      for (var j = 3; j < op.length; j++) {
        if (!st._byOrigin.has(op[j])) st._byOrigin.set(op[j], []);
        st._byOrigin.get(op[j]).push(k);
      }
      if (!st._byFunc.has(op[2])) st._byFunc.set(op[2], k);
    }
    return st;
  }
  function originsOf(si, k) { return S[si].ops[k].slice(3); }
  // The ops of stage `ti` that correspond to op `k` of stage `si`: those
  // sharing an origin; for an op without origins, the function of the same
  // name (the loop nests outlined as functions keep their names).
  function counterparts(si, k, ti) {
    var t = prep(ti), o = originsOf(si, k), seen = new Set(), out = [];
    for (var i = 0; i < o.length; i++) {
      var hit = t._byOrigin.get(o[i]);
      if (hit) for (var j = 0; j < hit.length; j++) if (!seen.has(hit[j])) { seen.add(hit[j]); out.push(hit[j]); }
    }
    out.sort(function (a, b) { return a - b; });
    if (out.length || o.length) return { ops: out, by: 'location' };
    var fname = FUNCS[S[si].ops[k][2]];
    var fi = FUNCS.indexOf(fname);
    if (fname && fi >= 0 && t._byFunc.has(fi)) return { ops: [t._byFunc.get(fi)], by: 'function name' };
    return { ops: [], by: 'location' };
  }
  function linesOf(si, ops) {
    var seen = new Set(), out = [];
    ops.forEach(function (k) { var l = S[si].ops[k][0]; if (!seen.has(l)) { seen.add(l); out.push(l); } });
    return out.sort(function (a, b) { return a - b; });
  }

  // ----- syntax highlighting -----
  var RX = {
    mlir: /(\/\/.*$)|("(?:[^"\\]|\\.)*")|(%[\w$.#-]+)|(\^[\w.-]+)|(@[\w$.-]+|@"[^"]*")|(#[\w$.-]+)|(\b[a-z_][\w]*\.[\w.]+\b)|(![\w.]+|\b(?:tensor|memref|vector|complex|tuple|index|none|[su]?i\d+|bf16|f8\w*|f\d+|ptr)\b)|(\b(?:module|func|attributes|loc|dense|dense_resource|ins|outs|to|step|iter_args|private|public|applies|across|dimensions|init|affine_map|array|unit|true|false|cond|do|yield|else)\b)|(\b0x[0-9A-Fa-f]+\b|-?\b\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\b)/g,
    'llvm-ir': /(;.*$)|("(?:[^"\\]|\\.)*")|(%[\w$.-]+)|(^[\w.$-]+:)|(@[\w$.-]+|@"[^"]*")|(#\d+|!\w[\w.]*|!\d+)|(\b(?:add|fadd|sub|fsub|mul|fmul|udiv|sdiv|fdiv|urem|srem|frem|shl|lshr|ashr|and|or|xor|alloca|load|store|getelementptr|fence|cmpxchg|atomicrmw|trunc|zext|sext|fptrunc|fpext|fptoui|fptosi|uitofp|sitofp|ptrtoint|inttoptr|bitcast|addrspacecast|icmp|fcmp|phi|select|call|tail|ret|br|switch|unreachable|extractelement|insertelement|shufflevector|extractvalue|insertvalue|freeze)\b)|(\b(?:void|half|bfloat|float|double|ptr|i\d+|label|metadata|x86_fp80)\b|<\d+ x [\w]+>)|(\b(?:define|declare|internal|private|dso_local|nuw|nsw|nnan|ninf|nsz|arcp|contract|afn|reassoc|fast|inbounds|nonnull|noundef|align|to|attributes|global|constant|unnamed_addr|local_unnamed_addr|source_filename|target|datalayout|triple|true|false|null|poison|undef|zeroinitializer)\b)|(\b0x[0-9A-Fa-f]+\b|-?\b\d+(?:\.\d+)?(?:e[+-]?\d+)?\b)/g,
    asm: /(#.*$)|("(?:[^"\\]|\\.)*")|(%[a-z0-9]+)|(^[\w.$@]+:)|(\$-?[\w.]+)|(^\s+\.\w+)|(^\s+[a-z][a-z0-9.]*)|(\b[\w.$]+@PLT\b|\.L[\w$.]+)|(\b(?:ptr|byte|word|dword|qword|xmmword|ymmword|zmmword)\b)|(\b0x[0-9A-Fa-f]+\b|-?\b\d+\b)/g,
    source: /(#.*$|\/\/.*$)|("(?:[^"\\]|\\.)*")|(\b(?:lambda|let|in|jaxpr|pjit|custom_jvp_call|custom_vjp_call|cond|while|scan)\b)|(\b(?:f16|bf16|f32|f64|i8|i16|i32|i64|u8|u32|bool)\[[^\]]*\])|(\b[a-z_][\w]*(?=\[))|(\b-?\d+(?:\.\d+)?(?:e[+-]?\d+)?\b)/g
  };
  var CLS = {
    mlir: ['k-c', 'k-s', 'k-v', 'k-l', 'k-sym', 'k-a', 'k-op', 'k-t', 'k-kw', 'k-n'],
    'llvm-ir': ['k-c', 'k-s', 'k-v', 'k-l', 'k-sym', 'k-a', 'k-op', 'k-t', 'k-kw', 'k-n'],
    asm: ['k-c', 'k-s', 'k-r', 'k-l', 'k-n', 'k-d', 'k-op', 'k-sym', 'k-kw', 'k-n'],
    source: ['k-c', 'k-s', 'k-kw', 'k-t', 'k-op', 'k-n']
  };
  function highlight(line, kind) {
    var rx = RX[kind] || RX.mlir, cls = CLS[kind] || CLS.mlir;
    if (line.length > 4000) return esc(line);
    rx.lastIndex = 0;
    var out = '', last = 0, m;
    while ((m = rx.exec(line)) !== null) {
      if (m[0] === '') { rx.lastIndex++; continue; }
      var g = 1;
      while (g < m.length && m[g] === undefined) g++;
      out += esc(line.slice(last, m.index)) + '<span class="' + cls[g - 1] + '">' + esc(m[0]) + '</span>';
      last = m.index + m[0].length;
    }
    return out + esc(line.slice(last));
  }

  // ----- folding: regions between braces; functions in assembly -----
  function folds(si) {
    var st = prep(si);
    if (st._folds) return st._folds;
    var f = new Map(), lines = st._lines;
    if (st.kind === 'asm') {
      var start = 0;
      for (var i = 0; i < lines.length; i++) {
        var L = lines[i];
        if (/^[A-Za-z_][\w$.]*:/.test(L)) start = i + 1;
        else if (start && /^\.Lfunc_end\d+:/.test(L)) { if (i + 1 - start > 2) f.set(start, i + 1); start = 0; }
      }
    } else {
      var stack = [];
      for (var i2 = 0; i2 < lines.length; i2++) {
        var s = lines[i2], inStr = false;
        if (st.kind === 'llvm-ir' && /^\s*;/.test(s)) continue;
        for (var c = 0; c < s.length; c++) {
          var ch = s[c];
          if (ch === '"' && s[c - 1] !== '\\') inStr = !inStr;
          else if (inStr) continue;
          else if (ch === '/' && s[c + 1] === '/' && st.kind !== 'llvm-ir') break;
          else if (ch === '{') stack.push(i2 + 1);
          else if (ch === '}' && stack.length) {
            var from = stack.pop();
            if (from < i2 + 1 && (!f.has(from) || f.get(from) < i2 + 1)) f.set(from, i2 + 1);
          }
        }
      }
    }
    st._folds = f;
    return f;
  }

  // ----- panes -----
  function Pane(root) {
    this.root = root;
    this.code = $('.code', root);
    this.stage = -1;
    this.view = 'ir';
    this.folded = new Set();
    var self = this;
    this.code.addEventListener('click', function (e) { self.onClick(e); });
    $('.foldall', root).addEventListener('click', function () { self.foldAll(); });
    $('.unfoldall', root).addEventListener('click', function () { self.folded.clear(); self.applyFolds(); });
  }
  Pane.prototype.show = function (si, view) {
    this.stage = si;
    this.view = view || 'ir';
    this.folded = new Set();
    var st = prep(si);
    var meta = $('.pmeta', this.root);
    meta.textContent = st.opCount + ' ops · ' + fmtBytes(st.bytes) + (st.ms >= 0 ? ' · ' + fmtMs(st.ms) : '');
    var t = $('.ptitle', this.root);
    if (t) t.textContent = (si + 1) + '. ' + st.title;
    if (this.view === 'diff') this.renderDiff(si);
    else this.renderIr(si);
  };
  Pane.prototype.renderIr = function (si) {
    var st = prep(si), lines = st._lines, f = folds(si), kind = st.kind, parts = new Array(lines.length);
    for (var i = 0; i < lines.length; i++) {
      var n = i + 1, isOp = st._atLine.has(n);
      parts[i] = '<div class="ln' + (isOp ? ' op' : '') + '" data-l="' + n + '"><span class="no">' + n +
        '</span><span class="fd">' + (f.has(n) ? '\u25be' : '') + '</span><span class="tx">' +
        highlight(lines[i], kind) + '</span></div>';
    }
    this.code.innerHTML = parts.join('');
    this.rows = this.code.children;
    this.code.scrollTop = 0;
  };
  Pane.prototype.row = function (line) {
    return this.view === 'ir' && this.rows ? this.rows[line - 1] : null;
  };
  Pane.prototype.onClick = function (e) {
    var t = e.target;
    var ln = t.closest('.ln');
    if (!ln) return;
    if (ln.classList.contains('gap')) { this.expandGap(ln); return; }
    var line = +ln.dataset.l;
    if (this.view !== 'ir') return;
    if (t.classList.contains('fd') || t.classList.contains('more')) {
      if (folds(this.stage).has(line)) {
        if (this.folded.has(line)) this.folded.delete(line); else this.folded.add(line);
        this.applyFolds();
      }
      return;
    }
    var ops = prep(this.stage)._atLine.get(line);
    if (ops) select(this.stage, ops[0], { from: this });
  };
  Pane.prototype.applyFolds = function () {
    if (this.view !== 'ir') return;
    var f = folds(this.stage), rows = this.rows, hideUntil = 0;
    for (var i = 0; i < rows.length; i++) {
      var n = i + 1, r = rows[i];
      r.classList.toggle('hid', n < hideUntil);
      var fd = r.children[1];
      var m = r.querySelector('.more');
      if (m) m.remove();
      if (f.has(n)) {
        var folded = this.folded.has(n);
        fd.textContent = folded ? '\u25b8' : '\u25be';
        if (folded && n >= hideUntil) {
          hideUntil = Math.max(hideUntil, f.get(n));
          r.children[2].insertAdjacentHTML('beforeend', '<span class="more">\u2026 ' + (f.get(n) - n - 1) + ' lines</span>');
        }
      }
    }
  };
  Pane.prototype.foldAll = function () {
    var self = this;
    folds(this.stage).forEach(function (end, start) { self.folded.add(start); });
    this.applyFolds();
  };
  // Unfolds what hides `line`.
  Pane.prototype.reveal = function (line) {
    var f = folds(this.stage), changed = false, self = this;
    this.folded.forEach(function (s) { if (s < line && f.get(s) > line) { self.folded.delete(s); changed = true; } });
    if (changed) this.applyFolds();
  };
  Pane.prototype.mark = function (sel, match, sib) {
    if (this.view !== 'ir' || !this.rows) return;
    $$('.ln.sel, .ln.match, .ln.sib', this.code).forEach(function (r) { r.classList.remove('sel', 'match', 'sib'); });
    var self = this, first = null;
    function add(lines, cls) {
      lines.forEach(function (l) {
        var r = self.row(l);
        if (r) { r.classList.add(cls); if (!first || cls !== 'sib' && first.cls === 'sib') first = { l: l, cls: cls }; }
      });
    }
    add(sib || [], 'sib');
    add(match || [], 'match');
    add(sel || [], 'sel');
    var target = (sel && sel.length ? sel[0] : match && match.length ? match[0] : null);
    if (target != null) {
      this.reveal(target);
      var r = this.row(target);
      if (r) {
        var top = r.offsetTop - this.code.clientHeight / 3;
        this.code.scrollTop = Math.max(0, top);
      }
    }
  };

  // ----- diff against the previous stage -----
  function norm(s) {
    return s.replace(/%[\w$.#-]+/g, '%').replace(/![\d]+/g, '!').replace(/#loc\d*/g, '#loc').replace(/\^bb\d+/g, '^bb').trim();
  }
  function diffLines(a, b) {
    var out = [];
    function lcs(a0, a1, b0, b1) {
      var n = a1 - a0, m = b1 - b0, w = m + 1, tbl = new Uint32Array((n + 1) * w);
      for (var i = n - 1; i >= 0; i--)
        for (var j = m - 1; j >= 0; j--)
          tbl[i * w + j] = a[a0 + i] === b[b0 + j] ? tbl[(i + 1) * w + j + 1] + 1
            : Math.max(tbl[(i + 1) * w + j], tbl[i * w + j + 1]);
      var x = 0, y = 0;
      while (x < n && y < m) {
        if (a[a0 + x] === b[b0 + y]) { out.push(['=', a0 + x, b0 + y]); x++; y++; }
        else if (tbl[(x + 1) * w + y] >= tbl[x * w + y + 1]) { out.push(['-', a0 + x]); x++; }
        else { out.push(['+', b0 + y]); y++; }
      }
      for (; x < n; x++) out.push(['-', a0 + x]);
      for (; y < m; y++) out.push(['+', b0 + y]);
    }
    function rec(a0, a1, b0, b1) {
      while (a0 < a1 && b0 < b1 && a[a0] === b[b0]) { out.push(['=', a0, b0]); a0++; b0++; }
      var tail = [];
      while (a1 > a0 && b1 > b0 && a[a1 - 1] === b[b1 - 1]) { a1--; b1--; tail.push(['=', a1, b1]); }
      if (a0 === a1) { for (var j = b0; j < b1; j++) out.push(['+', j]); }
      else if (b0 === b1) { for (var i = a0; i < a1; i++) out.push(['-', i]); }
      else if ((a1 - a0) * (b1 - b0) <= 1500000) lcs(a0, a1, b0, b1);
      else {
        // Patience: lines unique on both sides, in increasing order on both.
        var ca = new Map(), cb = new Map(), i2, k;
        for (i2 = a0; i2 < a1; i2++) { k = a[i2]; var e = ca.get(k); ca.set(k, e === undefined ? i2 : -1); }
        for (i2 = b0; i2 < b1; i2++) { k = b[i2]; var e2 = cb.get(k); cb.set(k, e2 === undefined ? i2 : -1); }
        var pairs = [];
        for (i2 = a0; i2 < a1; i2++) {
          var pa = ca.get(a[i2]), pb = cb.get(a[i2]);
          if (pa === i2 && pb !== undefined && pb >= 0) pairs.push([i2, pb]);
        }
        // Longest increasing subsequence of the b positions.
        var tails = [], prev = new Array(pairs.length);
        for (var p = 0; p < pairs.length; p++) {
          var lo = 0, hi = tails.length;
          while (lo < hi) { var mid = (lo + hi) >> 1; if (pairs[tails[mid]][1] < pairs[p][1]) lo = mid + 1; else hi = mid; }
          prev[p] = lo > 0 ? tails[lo - 1] : -1;
          tails[lo] = p;
        }
        var chain = [];
        for (var q = tails.length ? tails[tails.length - 1] : -1; q >= 0; q = prev[q]) chain.push(pairs[q]);
        chain.reverse();
        if (!chain.length) {
          for (var i3 = a0; i3 < a1; i3++) out.push(['-', i3]);
          for (var j3 = b0; j3 < b1; j3++) out.push(['+', j3]);
        } else {
          var pa0 = a0, pb0 = b0;
          chain.forEach(function (c) { rec(pa0, c[0], pb0, c[1]); out.push(['=', c[0], c[1]]); pa0 = c[0] + 1; pb0 = c[1] + 1; });
          rec(pa0, a1, pb0, b1);
        }
      }
      for (var t = tail.length - 1; t >= 0; t--) out.push(tail[t]);
    }
    rec(0, a.length, 0, b.length);
    return out;
  }
  Pane.prototype.renderDiff = function (si) {
    this.rows = null;
    if (si === 0) { this.code.innerHTML = '<div class="dsum">The first stage has no previous stage.</div>'; return; }
    var A = prep(si - 1), B = prep(si);
    if (A.kind !== B.kind) {
      this.code.innerHTML = '<div class="dsum">' + esc(A.title) + ' and ' + esc(B.title) + ' are different languages: a line diff says nothing. ' +
        'Use the panes side by side, and select an op to see its counterparts.</div>';
      return;
    }
    var t0 = performance.now();
    var d = diffLines(A._lines.map(norm), B._lines.map(norm));
    var adds = 0, dels = 0;
    d.forEach(function (x) { if (x[0] === '+') adds++; else if (x[0] === '-') dels++; });
    var CONTEXT = 3, keep = new Uint8Array(d.length);
    for (var i = 0; i < d.length; i++)
      if (d[i][0] !== '=') for (var j = Math.max(0, i - CONTEXT); j <= Math.min(d.length - 1, i + CONTEXT); j++) keep[j] = 1;
    var html = ['<div class="dsum">' + esc(S[si - 1].title) + ' \u2192 ' + esc(S[si].title) + ': <b>+' + adds +
      '</b> / <b>\u2212' + dels + '</b> lines (SSA names and metadata numbers ignored; ' +
      (performance.now() - t0).toFixed(0) + ' ms)</div>'];
    this.gaps = [];
    for (var k = 0; k < d.length;) {
      if (!keep[k]) {
        var s = k;
        while (k < d.length && !keep[k]) k++;
        this.gaps.push([s, k]);
        html.push('<div class="ln gap" data-g="' + (this.gaps.length - 1) + '"><span class="no"></span><span class="no"></span><span class="sg"></span><span class="tx">\u22ef ' + (k - s) + ' unchanged lines</span></div>');
        continue;
      }
      html.push(this.diffRow(d[k], A, B));
      k++;
    }
    this.diff = d;
    this.diffStages = [A, B];
    this.code.innerHTML = html.join('');
    this.code.scrollTop = 0;
  };
  Pane.prototype.diffRow = function (x, A, B) {
    if (x[0] === '=')
      return '<div class="ln"><span class="no">' + (x[1] + 1) + '</span><span class="no">' + (x[2] + 1) +
        '</span><span class="sg"> </span><span class="tx">' + highlight(B._lines[x[2]], B.kind) + '</span></div>';
    if (x[0] === '-')
      return '<div class="ln del"><span class="no">' + (x[1] + 1) + '</span><span class="no"></span><span class="sg">\u2212</span><span class="tx">' +
        highlight(A._lines[x[1]], A.kind) + '</span></div>';
    return '<div class="ln add"><span class="no"></span><span class="no">' + (x[1] + 1) + '</span><span class="sg">+</span><span class="tx">' +
      highlight(B._lines[x[1]], B.kind) + '</span></div>';
  };
  Pane.prototype.expandGap = function (row) {
    var g = this.gaps[+row.dataset.g], html = [];
    for (var k = g[0]; k < g[1]; k++) html.push(this.diffRow(this.diff[k], this.diffStages[0], this.diffStages[1]));
    row.insertAdjacentHTML('afterend', html.join(''));
    row.remove();
  };

  // ----- state and selection -----
  var paneA, paneB;
  var state = { a: HLO >= 0 ? HLO : 0, b: -1, sel: null };

  function showStages(a, b) {
    state.a = a;
    state.b = b;
    paneA.show(a, paneA.view);
    $$('#paneA .view').forEach(function (x) { x.classList.toggle('on', x.dataset.view === paneA.view); });
    var other = $('#paneB .other');
    other.value = String(b);
    paneB.root.style.display = b >= 0 ? '' : 'none';
    if (b >= 0) paneB.show(b, 'ir');
    $$('.stage[data-i]').forEach(function (x, i) {
      x.classList.toggle('on', i === a);
      x.classList.toggle('other', i === b);
    });
    if (state.sel) highlightSelection();
    else renderStageInfo(a);
  }
  function defaultOther(a) { return a + 1 < S.length ? a + 1 : a - 1; }

  function select(si, k, opts) {
    opts = opts || {};
    state.sel = { stage: si, op: k };
    if (si !== state.a && si !== state.b) {
      // Show the op's stage with the next one beside it.
      showStages(si, defaultOther(si));
    }
    return highlightSelection(opts);
  }
  function highlightSelection() {
    var si = state.sel.stage, k = state.sel.op;
    var result = { stage: S[si].id, op: k, line: S[si].ops[k][0], prev: null, next: null };
    [[paneA, state.a], [paneB, state.b]].forEach(function (pp) {
      var pane = pp[0], ti = pp[1];
      if (ti < 0) return;
      if (ti === si) {
        var sib = counterparts(si, k, si).ops.filter(function (x) { return x !== k; });
        pane.mark([S[si].ops[k][0]], [], linesOf(si, sib));
      } else {
        pane.mark([], linesOf(ti, counterparts(si, k, ti).ops), []);
      }
    });
    if (si > 0) { var p = counterparts(si, k, si - 1); result.prev = { stage: S[si - 1].id, lines: linesOf(si - 1, p.ops), by: p.by }; }
    if (si + 1 < S.length) { var n = counterparts(si, k, si + 1); result.next = { stage: S[si + 1].id, lines: linesOf(si + 1, n.ops), by: n.by }; }
    renderOpInfo(si, k);
    updateHits(si, k);
    return result;
  }
  function updateHits(si, k) {
    $$('.stage[data-i]').forEach(function (x, ti) {
      var h = $('.hits', x);
      if (ti === si) { h.textContent = 'selected'; h.className = 'hits'; return; }
      var n = counterparts(si, k, ti).ops.length;
      h.textContent = n ? n + ' op' + (n > 1 ? 's' : '') : '\u2013';
      h.className = 'hits' + (n ? '' : ' none');
    });
  }
  function follow(origin) {
    var out = {};
    S.forEach(function (st, ti) {
      var hit = prep(ti)._byOrigin.get(origin) || [];
      out[st.id] = linesOf(ti, hit);
    });
    return out;
  }

  // ----- info panel -----
  function opLabel(si, k) {
    var op = S[si].ops[k];
    return '<code>' + esc(NAMES[op[1]]) + '</code> <span class="note">line ' + op[0] + '</span>';
  }
  function renderStageInfo(si) {
    var st = S[si], h = [];
    h.push('<h3>' + (si + 1) + '. ' + esc(st.title) + '</h3>');
    if (st.note) h.push('<p class="note">' + esc(st.note) + '</p>');
    h.push('<p class="note">Click an op to see what it became in the next stage and where it came from in the previous one.</p>');
    h.push('<table><tr><td>ops</td><td>' + st.opCount + '</td></tr><tr><td>text</td><td>' + fmtBytes(st.bytes) + ', ' +
      prep(si)._lines.length + ' lines</td></tr>' + (st.ms >= 0 ? '<tr><td>time</td><td>' + fmtMs(st.ms) + '</td></tr>' : '') + '</table>');
    if (st.passes && st.passes.length) {
      h.push('<h4>passes of this phase</h4><table>');
      st.passes.forEach(function (p) { h.push('<tr><td><code>' + esc(p[0]) + '</code></td><td style="text-align:right">' + fmtMs(p[1]) + '</td></tr>'); });
      h.push('</table><p class="note">Times summed over the functions a pass ran on.</p>');
    }
    h.push('<h4>most frequent ops</h4>');
    st.opNames.slice(0, 12).forEach(function (p) { h.push('<span class="pill">' + esc(p[0]) + ' ' + p[1] + '</span>'); });
    $('#info').innerHTML = h.join('');
  }
  function renderOpInfo(si, k) {
    var st = S[si], op = st.ops[k], h = [];
    h.push('<h3>' + opLabel(si, k) + '</h3>');
    h.push('<p class="note">in ' + esc(st.title) + (FUNCS[op[2]] ? ', function <code>' + esc(FUNCS[op[2]]) + '</code>' : '') + '</p>');
    var o = originsOf(si, k);
    h.push('<h4>StableHLO ops it comes from</h4>');
    if (!o.length) h.push('<p class="note">No location that names a StableHLO op (a constant, glue code, or an instruction whose location LLVM dropped or merged).</p>');
    o.slice(0, 40).forEach(function (x) {
      var g = ORIG[x];
      h.push('<div><a class="j" data-origin="' + x + '">line ' + g[0] + '</a> <code>' + esc(g[1]) + '</code>' +
        (g[2] ? ' <span class="note mono">' + esc(g[2]) + '</span>' : '') + '</div>');
    });
    if (o.length > 40) h.push('<p class="note">\u2026 and ' + (o.length - 40) + ' more</p>');
    h.push('<h4>through the pipeline</h4><table>');
    S.forEach(function (t, ti) {
      var c = ti === si ? { ops: [k], by: '' } : counterparts(si, k, ti);
      var lines = linesOf(ti, c.ops);
      var links = lines.slice(0, 6).map(function (l) {
        return '<a class="j" data-stage="' + ti + '" data-line="' + l + '">' + l + '</a>';
      }).join(' ');
      h.push('<tr><td>' + (ti === si ? '<b>' : '') + (ti + 1) + '. ' + esc(t.title) + (ti === si ? '</b>' : '') + '</td><td>' +
        (lines.length ? c.ops.length + ' op' + (c.ops.length > 1 ? 's' : '') + ': ' + links + (lines.length > 6 ? ' \u2026' : '') +
          (c.by === 'function name' ? ' <span class="note">(by function name)</span>' : '')
          : '<span class="note">none</span>') + '</td></tr>');
    });
    h.push('</table>');
    if (!D.lineTables) h.push('<p class="note">This page\'s LLVM IR and assembly carry no line tables: they are matched by function name only.</p>');
    h.push('<p class="note">Ops correspond when their MLIR locations name the same StableHLO op; fused ops carry the locations of all the ops they came from.</p>');
    $('#info').innerHTML = h.join('');
  }
  document.addEventListener('click', function (e) {
    var a = e.target.closest('a.j');
    if (!a) return;
    if (a.dataset.origin != null) { jumpToOrigin(+a.dataset.origin); }
    else if (a.dataset.stage != null) {
      var ti = +a.dataset.stage, l = +a.dataset.line, ops = prep(ti)._atLine.get(l);
      if (state.a !== ti && state.b !== ti) showStages(ti, state.sel && state.sel.stage !== ti ? state.sel.stage : defaultOther(ti));
      var pane = state.a === ti ? paneA : paneB;
      pane.reveal(l);
      var r = pane.row(l);
      if (r) pane.code.scrollTop = Math.max(0, r.offsetTop - pane.code.clientHeight / 3);
      if (ops && !state.sel) select(ti, ops[0]);
    }
  });
  function jumpToOrigin(o) {
    setMode('pipeline');
    var st = prep(HLO), hit = st._byOrigin.get(o);
    if (hit && hit.length) {
      if (state.a !== HLO) showStages(HLO, HLO + 1);
      select(HLO, hit[0]);
    }
  }

  // ----- stage list -----
  function renderStageList() {
    var box = $('#stages'), maxOps = 1;
    S.forEach(function (s) { maxOps = Math.max(maxOps, s.opCount); });
    var h = [];
    S.forEach(function (s, i) {
      h.push('<div class="stage" data-i="' + i + '"><span class="hits none"></span><span class="n">' + (i + 1) + '</span><span class="t">' + esc(s.title) +
        '</span><div class="m">' + s.opCount + ' ops · ' + fmtBytes(s.bytes) + (s.ms >= 0 ? ' · ' + fmtMs(s.ms) : '') +
        '</div><div class="sb"><i style="width:' + (100 * s.opCount / maxOps).toFixed(1) + '%"></i></div></div>');
    });
    var p = D.program;
    h.push('<div class="stage" style="cursor:default"><div class="m" style="margin:0">compile ' + fmtMs(p.compileMs) +
      ' (machine code by the JIT: ' + fmtMs(p.jitMs) + ')<br>page written in ' + fmtMs(p.exploreMs) + '</div></div>');
    box.innerHTML = h.join('');
    $$('.stage[data-i]', box).forEach(function (x) {
      x.addEventListener('click', function () {
        var i = +x.dataset.i;
        state.sel = null;
        $$('.stage[data-i] .hits').forEach(function (hh) { hh.textContent = ''; hh.className = 'hits none'; });
        showStages(i, defaultOther(i));
      });
    });
  }

  // ----- mode 2: dialect levels -----
  var LEVELS = [
    { name: 'source', sub: 'the jaxpr the program was traced to', color: 'var(--lx)', d: ['source'] },
    { name: 'StableHLO / CHLO', sub: 'portable tensor ops', color: 'var(--l0)', d: ['stablehlo', 'chlo', 'check', 'sdy', 'mhlo', 'vhlo', 'shape'] },
    { name: 'linalg / tensor / arith / math', sub: 'structured ops on tensors, scalar math', color: 'var(--l1)', d: ['linalg', 'tensor', 'arith', 'math', 'complex'] },
    { name: 'bufferization / memref', sub: 'buffers: allocation, views, copies', color: 'var(--l2)', d: ['bufferization', 'memref'] },
    { name: 'scf / vector / cf / omp', sub: 'loops, branches, parallel regions', color: 'var(--l3)', d: ['scf', 'vector', 'cf', 'omp', 'affine', 'index', 'ub'] },
    { name: 'llvm', sub: 'LLVM\'s instructions (dialect, then LLVM IR)', color: 'var(--l4)', d: ['llvm', 'llvm-ir'] },
    { name: 'assembly', sub: 'the host\'s machine instructions', color: 'var(--l5)', d: ['asm'] }
  ];
  function levelOf(dialect) {
    for (var i = 0; i < LEVELS.length; i++) if (LEVELS[i].d.indexOf(dialect) >= 0) return i;
    return -1;
  }
  var PALETTE = ['#7b5cd6', '#a58cf0', '#2f8fd8', '#5fb0ea', '#1f6fb0', '#93c9f2', '#1aa39a', '#5cc9c0', '#e0a11b', '#f2c65a', '#b7800d', '#e0622e', '#8d6e63', '#b0b7c3'];
  function dialectColor(d) {
    var lv = levelOf(d);
    if (lv < 0) return '#b0b7c3';
    var idx = LEVELS[lv].d.indexOf(d);
    var base = [['#9aa3b2'], ['#7b5cd6', '#a58cf0', '#5a3fb0', '#c3b3f5'], ['#2f8fd8', '#5fb0ea', '#1f6fb0', '#93c9f2', '#0e4d80'],
      ['#1aa39a', '#5cc9c0'], ['#e0a11b', '#f2c65a', '#b7800d', '#f5d995', '#8c6208'], ['#e0622e', '#f08a5d'], ['#8d6e63']][lv];
    return base[idx % base.length];
  }
  function renderLevels() {
    var root = $('#mode-levels'), h = [];
    h.push('<h2>The dialect ladder</h2><p class="lede">Each stage of the pipeline moves the program down a level of abstraction: from StableHLO\'s portable tensor ops, through structured ops on tensors and then buffers, to loops, LLVM\'s instructions and the host\'s assembly. Each cell is the share of a stage\'s ops at that level (func and builtin ops, the program\'s structure, are left out).</p>');
    var cols = S.length;
    h.push('<div class="card"><div class="ladder" style="grid-template-columns: 230px repeat(' + cols + ', 1fr)"><div></div>');
    S.forEach(function (s, i) { h.push('<div class="h">' + (i + 1) + '. ' + esc(s.title) + '</div>'); });
    LEVELS.forEach(function (L, li) {
      h.push('<div class="lv" style="background:' + L.color + '">' + esc(L.name) + '<small>' + esc(L.sub) + '</small></div>');
      S.forEach(function (s) {
        var tot = 0, here = 0;
        s.dialects.forEach(function (p) { var lv = levelOf(p[0]); if (lv >= 0) { tot += p[1]; if (lv === li) here += p[1]; } });
        var f = tot ? here / tot : 0;
        h.push('<div class="cell" style="background:' + (f ? 'color-mix(in srgb, ' + L.color + ' ' + Math.round(12 + 88 * f) + '%, white)' : '#f3f4f7') +
          ';color:' + (f > 0.5 ? '#fff' : '#445') + '" title="' + here + ' of ' + tot + ' ops">' + (f ? Math.round(100 * f) + '%' : '') + '</div>');
      });
    });
    h.push('</div></div>');

    // Dialect mix per stage.
    var all = new Map();
    S.forEach(function (s) { s.dialects.forEach(function (p) { all.set(p[0], (all.get(p[0]) || 0) + p[1]); }); });
    var names = Array.from(all.keys()).sort(function (a, b) { return (levelOf(a) - levelOf(b)) || a.localeCompare(b); });
    h.push('<h2>Each stage\'s mix of dialects</h2><div class="card"><div class="legend">');
    names.forEach(function (d) { h.push('<span><b style="background:' + dialectColor(d) + '"></b>' + esc(d) + '</span>'); });
    h.push('</div><div class="bars">');
    S.forEach(function (s, i) {
      var tot = 0;
      s.dialects.forEach(function (p) { tot += p[1]; });
      var parts = s.dialects.slice().sort(function (a, b) { return (levelOf(a[0]) - levelOf(b[0])) || b[1] - a[1]; });
      h.push('<div class="row"><div class="lab">' + (i + 1) + '. ' + esc(s.title) + '</div><div class="bar">');
      parts.forEach(function (p) {
        h.push('<i style="width:' + (100 * p[1] / tot).toFixed(2) + '%;background:' + dialectColor(p[0]) + '" title="' + esc(p[0]) + ': ' + p[1] + ' ops"></i>');
      });
      h.push('</div><div class="cnt">' + s.opCount + ' ops</div></div>');
    });
    h.push('</div></div>');

    // Fusion decisions.
    var li = stageIndex('linalg');
    var groups = D.fusion || [];
    var computing = 0, covered = new Set();
    ORIG.forEach(function (g, o) { if (!/^(stablehlo\.(constant|return)|func\.(return|func)|builtin\.)/.test(g[1])) computing++; });
    groups.forEach(function (g) { g.origins.forEach(function (o) { covered.add(o); }); });
    var fused = groups.filter(function (g) { return /fus/.test(g.kind); });
    h.push('<h2>Fusion decisions</h2><p class="lede">The loop nests of the linalg stage, after fusion (jx-fuse-elementwise, jx-fuse-rows): each row is one loop nest and the StableHLO ops computed in it, found through their locations. ' +
      computing + ' StableHLO ops that compute became <b>' + groups.length + ' loop nests</b>, ' + fused.length + ' of them fused. ' +
      'Ops absent from every row (broadcasts, reshapes, transposes) became the indexing of another op\'s operands, or a tensor op without a loop.</p>');
    h.push('<div class="card"><table class="t"><tr><th>#</th><th>loop nest</th><th>kind</th><th>StableHLO ops in it</th><th>why</th></tr>');
    // The loop nests each StableHLO op is computed in (fills left out).
    var nestsOf = new Map();
    groups.forEach(function (g, i) {
      if (g.kind === 'fill') return;
      g.origins.forEach(function (o) { if (!nestsOf.has(o)) nestsOf.set(o, []); nestsOf.get(o).push(i); });
    });
    groups.forEach(function (g, i) {
      var also = [];
      if (g.kind !== 'fill')
        g.origins.forEach(function (o) {
          var others = (nestsOf.get(o) || []).filter(function (j) { return j !== i; });
          if (others.length && !/^(stablehlo\.(constant|return)|func\.)/.test(ORIG[o][1]))
            also.push(esc(ORIG[o][1].replace('stablehlo.', '')) + '<sub>' + ORIG[o][0] + '</sub> also in ' + others.map(function (j) { return '#' + (j + 1); }).join(', '));
        });
      var kcls = /fus/.test(g.kind) ? 'fused' : g.kind === 'contraction' ? 'contraction' : g.kind === 'row fusion' ? 'row' : '';
      var ops = g.origins.filter(function (o) { return !/^(stablehlo\.(constant|return)|func\.)/.test(ORIG[o][1]); }).map(function (o) {
        return '<a class="j" data-origin="' + o + '">' + esc(ORIG[o][1].replace('stablehlo.', '')) + '<sub>' + ORIG[o][0] + '</sub></a>';
      });
      h.push('<tr><td class="r">' + (i + 1) + '</td><td><a class="j" data-stage="' + li + '" data-line="' + g.line + '" data-pick="1">' + esc(g.op) + '</a> <span class="note">line ' + g.line +
        (g.iterators.length ? ', ' + g.iterators.map(function (x) { return x[0]; }).join('') : '') + '</span></td><td><span class="kind ' + kcls + '">' + esc(g.kind) + '</span>' +
        (g.blas ? ' <span class="kind contraction">BLAS call</span>' : '') + '</td><td>' + (ops.join(', ') || '<span class="note">\u2013</span>') + '</td><td>' + esc(g.why) +
        (also.length ? '<div class="note">' + also.slice(0, 4).join('; ') + (also.length > 4 ? '; \u2026' : '') + '</div>' : '') + '</td></tr>');
    });
    h.push('</table><p class="note">Iterators: p = parallel, r = reduction. Click an op to follow it through the pipeline.</p></div>');
    h.push('<div class="card"><h3>The rules (lib/Pipelines/FuseElementwise.cpp, FuseRows.cpp)</h3><ul>' +
      '<li>An all-parallel (elementwise) producer is fused into its consumer, unless its payload reads its own outputs, or the consumer reads it through a map that is not a permutation while the producer\'s result stays live (a race once the loops run in parallel).</li>' +
      '<li>A cheap elementwise producer with several consumers is duplicated, one copy per consumer: recomputing a few ops per element costs less than writing and reading the tensor.</li>' +
      '<li>A contraction (dot_general) absorbs only data movement: a transpose or broadcast becomes the indexing of its operand, read in place by the BLAS call; computed producers stay outside it.</li>' +
      '<li>A row reduction and the ops that read its rows again (softmax, layernorm, logsumexp) become one loop over the rows when it is worth a loop (at least 2 rows, 64K elements of work).</li>' +
      '<li>An op computed in several loop nests ("also in") is either a cheap producer duplicated into its consumers, or a reduction computed in stages: float sums in blocks of at most 1024 terms (jx-blocked-reductions) and row reductions split into lanes (jx-vectorizable-reductions).</li>' +
      '<li>Constant folding of linalg ops is limited to small results.</li></ul></div>');
    root.innerHTML = h.join('');
  }
  document.addEventListener('click', function (e) {
    var a = e.target.closest('a.j[data-pick]');
    if (!a) return;
    setMode('pipeline');
    var ti = +a.dataset.stage, ops = prep(ti)._atLine.get(+a.dataset.line);
    if (ops) select(ti, ops[0]);
  }, true);

  // ----- mode 3: deployment -----
  function specRows(list, title) {
    var h = ['<table class="t"><tr><th>' + title + '</th><th>type</th><th class="r">bytes</th></tr>'];
    var tot = 0;
    list.forEach(function (s, i) { tot += s.bytes; h.push('<tr><td>#' + i + '</td><td class="mono">' + esc(s.type) + '</td><td class="r">' + fmtBytes(s.bytes) + '</td></tr>'); });
    h.push('<tr><td></td><td><b>total</b></td><td class="r"><b>' + fmtBytes(tot) + '</b></td></tr></table>');
    return h.join('');
  }
  function memoryChart(m) {
    var bi = stageIndex('bufferized');
    var lines = bi >= 0 ? prep(bi)._lines.length : 1;
    var W = 560, H = 120, peak = Math.max(1, m.peak);
    var pts = ['0,' + H], live = 0, x;
    m.timeline.forEach(function (p) {
      x = (W * p[0] / lines).toFixed(1);
      pts.push(x + ',' + (H - H * live / peak).toFixed(1));
      live = p[1];
      pts.push(x + ',' + (H - H * live / peak).toFixed(1));
    });
    pts.push(W + ',' + (H - H * live / peak).toFixed(1));
    return '<svg viewBox="-64 -10 ' + (W + 74) + ' ' + (H + 30) + '" width="100%" style="max-width:640px">' +
      '<polyline fill="none" stroke="var(--l2)" stroke-width="1.5" points="' + pts.join(' ') + '"/>' +
      '<line x1="0" y1="' + H + '" x2="' + W + '" y2="' + H + '" stroke="#ccd"/><line x1="0" y1="0" x2="0" y2="' + H + '" stroke="#ccd"/>' +
      '<text x="-4" y="4" text-anchor="end">' + esc(fmtBytes(m.peak)) + '</text><text x="-4" y="' + H + '" text-anchor="end">0</text>' +
      '<text x="' + W / 2 + '" y="' + (H + 16) + '" text-anchor="middle">program order (lines of the bufferized stage)</text></svg>';
  }
  function renderDeploy() {
    var root = $('#mode-deploy'), dp = D.deploy, m = D.memory, h = [];
    h.push('<h2>Where the program runs</h2><p class="lede">The runtime\'s view of the compiled program: its devices, the executable\'s buffers, the memory plan of one call, and how its loops use the cores.</p>');
    h.push('<div class="cards">');
    // Devices.
    h.push('<div class="card" style="order:1"><h3>Devices</h3>');
    h.push('<p>' + esc(dp.platform || 'cpu') + '</p><p>');
    (dp.devices || ['cpu:0']).forEach(function (d, i) {
      h.push('<span class="pill' + (i === 0 ? ' hit' : '') + '">' + esc(d) + (i === 0 ? ' \u2190 this executable' : '') + '</span>');
    });
    h.push('</p><table class="t"><tr><td>CPU</td><td>' + esc(dp.cpu) + '</td></tr><tr><td>vector ISA</td><td>' + esc((dp.isa || []).join(', ')) +
      '</td></tr><tr><td>threads</td><td>' + dp.threads + ' (JX_NUM_THREADS; BLAS, oneDNN and the parallel loops use them)</td></tr><tr><td>memory limit per call</td><td>' +
      fmtBytes(dp.memoryLimit) + '</td></tr></table></div>');
    // Executable.
    h.push('<div class="card" style="order:5"><h3>Executable <code>@' + esc(D.program.entry) + '</code>: its buffers</h3><div class="two">' +
      specRows(dp.inputs, 'input') + specRows(dp.outputs, 'output') + '</div>');
    if (dp.mayAlias && dp.mayAlias.length)
      h.push('<p class="note">Donation: ' + dp.mayAlias.map(function (p) { return 'input #' + p[0] + ' \u2192 output #' + p[1]; }).join(', ') +
        ' (the output may be written into the donated input\'s memory; decided from the bufferized program).</p>');
    else h.push('<p class="note">No output may be written into an input\'s memory (no donation possible).</p>');
    h.push('</div>');
    // Memory plan.
    var heap = m.temps.filter(function (t) { return !t.stack; }), stack = m.temps.filter(function (t) { return t.stack; });
    var loop = heap.filter(function (t) { return t.inLoop; }).length, dyn = m.temps.filter(function (t) { return t.dynamic; }).length;
    h.push('<div class="card" style="order:3"><h3>Memory plan of one call</h3>');
    h.push('<div class="stat"><small>peak of temporaries</small><span class="big">' + fmtBytes(m.peak) + '</span></div>' +
      '<div class="stat"><small>allocated in all</small><span class="big">' + fmtBytes(m.total) + '</span></div>' +
      '<div class="stat"><small>reuse (all / peak)</small><span class="big">' + (m.peak ? (m.total / m.peak).toFixed(1) + '\u00d7' : '\u2013') + '</span></div>' +
      '<div class="stat"><small>heap temporaries</small><span class="big">' + heap.length + '</span></div>' +
      '<div class="stat"><small>on the stack</small><span class="big">' + stack.length + '</span> ' + fmtBytes(m.stack) + '</div>');
    if (m.timeline.length) h.push(memoryChart(m));
    h.push('<p class="note">Static plan, read from the bufferized stage: each temporary with a static shape counted from its allocation to its free (jx-free-after-last-use frees after the last use). ' +
      'Outputs are the caller\'s buffers (out-parameters), not counted. ' + (loop ? loop + ' allocations sit inside loops and count once. ' : '') + (dyn ? dyn + ' have dynamic shapes and count as 0 bytes. ' : '') +
      'Freed blocks of 64 KiB or more are kept for the next call (memory.cpp).</p>');
    var big = heap.slice().sort(function (a, b) { return b.bytes - a.bytes; }).slice(0, 8);
    if (big.length) {
      h.push('<table class="t"><tr><th>largest temporaries</th><th class="r">bytes</th><th>live (lines)</th><th>for</th></tr>');
      big.forEach(function (t) {
        h.push('<tr><td class="mono">' + esc(t.type) + '</td><td class="r">' + fmtBytes(t.bytes) + '</td><td>' + t.line + '\u2013' + (t.freed ? t.freedLine : 'end') + '</td><td>' +
          t.origins.slice(0, 3).map(function (o) { return '<a class="j" data-origin="' + o + '">' + esc(ORIG[o][1].replace('stablehlo.', '')) + '<sub>' + ORIG[o][0] + '</sub></a>'; }).join(', ') + '</td></tr>');
      });
      h.push('</table>');
    }
    h.push('</div>');
    // Threads.
    h.push('<div class="card" style="order:4"><h3>The thread pool</h3>');
    var T = dp.threads || 1;
    if (D.parallel.length) {
      h.push('<table class="t"><tr><th>parallel loop (OpenMP)</th><th class="r">iterations</th><th class="r">per thread</th><th>computes</th></tr>');
      D.parallel.forEach(function (p) {
        var n = p.trips.reduce(function (a, b) { return b < 0 || a < 0 ? -1 : a * b; }, 1);
        h.push('<tr><td><code>' + esc(p.func) + '</code> <a class="j" data-pick="1" data-stage="' + stageIndex('loops') + '" data-line="' + p.line + '">loops line ' + p.line + '</a> <span class="note">' +
          p.trips.map(function (t) { return t < 0 ? '?' : t; }).join('\u00d7') + '</span></td><td class="r">' +
          (n < 0 ? '?' : n) + '</td><td class="r">' + (n < 0 ? '?' : Math.ceil(n / T)) + '</td><td>' +
          p.origins.slice(0, 4).map(function (o) { return '<a class="j" data-origin="' + o + '">' + esc(ORIG[o][1].replace('stablehlo.', '')) + '</a>'; }).join(', ') + '</td></tr>');
      });
      h.push('</table><p class="note">The parallel dimensions of each loop nest are split into ' + T + ' contiguous chunks (OpenMP\'s static schedule) across the threads; each element is computed the same way whichever thread runs it.</p>');
    } else {
      h.push('<p>No loop of this program runs in parallel: jx-parallel-loops keeps a loop parallel only when its nest does at least 64K iterations (about tens of microseconds of work), below which a fork and join of ' + T + ' threads would cost more than it saves.</p>');
    }
    var calls = (m.calls || []).filter(function (c) { return /^jx_rt_(gemm|conv|dnnl|lapack)/.test(c[0]); });
    if (calls.length)
      h.push('<p>Library calls (OpenBLAS, oneDNN), threaded on the same OpenMP pool of ' + T + ' threads: ' + calls.map(function (c) { return '<code>' + esc(c[0]) + '</code> \u00d7' + c[1]; }).join(', ') + '.</p>');
    h.push('</div>');
    // Cost and run.
    var c = D.cost, r = D.run;
    h.push('<div class="card" style="order:2"><h3>Cost and a run</h3>');
    h.push('<div class="stat"><small>flops</small><span class="big">' + fmtNum(c.flops) + '</span></div><div class="stat"><small>transcendentals</small><span class="big">' + fmtNum(c.transcendentals) +
      '</span></div><div class="stat"><small>bytes accessed (unfused bound)</small><span class="big">' + fmtBytes(c.bytes) + '</span></div>');
    if (r) {
      h.push('<p>' + (r.zeros ? 'Run on zeros (--run-zeros): ' : 'Run on the given inputs: ') + r.calls + ' calls, median <b>' + fmtMs(r.medianMs) + '</b> (min ' + fmtMs(r.minMs) + ', max ' + fmtMs(r.maxMs) + '), ' +
        (c.flops ? (c.flops / (r.medianMs * 1e6)).toFixed(2) + ' GFLOP/s, ' : '') + (c.bytes / (r.medianMs * 1e6)).toFixed(2) + ' GB/s of the unfused bytes.</p>');
      h.push('</div>');
      h.push(regionsCard(D.regions || [], r));
      h.push('<div class="card" style="order:6"><h3>Results of the run</h3><table class="t"><tr><th>result</th><th>type</th><th>values</th></tr>');
      r.results.forEach(function (x, i) {
        var st = x.stats ? (x.stats.min != null ? 'min ' + prec(x.stats.min) + ', max ' + prec(x.stats.max) + ', mean ' + prec(x.stats.mean) : '') + (x.stats.nan ? ', ' + x.stats.nan + ' NaN' : '') : '';
        var one = x.preview.indexOf('\n') < 0 && x.preview.length < 60;
        h.push('<tr><td>#' + i + '</td><td class="mono">' + esc(x.type) + '</td><td>' + (one ? '<code>' + esc(x.preview) + '</code>' :
          '<details><summary>' + esc(st || 'values') + '</summary><pre class="preview">' + esc(x.preview) + '</pre></details>') + '</td></tr>');
      });
      h.push('</table>');
    } else if (D.runError) {
      h.push('<p>The run failed: <code>' + esc(D.runError) + '</code></p>');
    } else {
      h.push('<p class="note">Give inputs (<code>jxc explore prog.mlir --input x.npy ...</code>) or <code>--run-zeros</code> to see the time of a call and the results.</p>');
    }
    h.push('</div>');
    // Shardings in the program.
    if (dp.shardings && dp.shardings.some(function (x) { return !/^mhlo\.num_(partitions|replicas) = 1$/.test(x[0]); })) {
      h.push('<div class="card" style="order:7"><h3>Shardings in the program</h3><p>');
      dp.shardings.forEach(function (s) { h.push('<span class="pill">' + esc(s[0]) + (s[1] > 1 ? ' \u00d7' + s[1] : '') + '</span>'); });
      h.push('</p><p class="note">On one device the program computes the same without them: compile() drops sdy meshes, sharding constraints and reshards.</p></div>');
    }
    h.push('</div>');
    h.push('<h2>Planned</h2><div class="cards"><div class="card planned"><h3>Multi-device shardings</h3><p>Not yet: jx runs a program on one device (cpu:0). ' +
      'Once multi-device execution lands (pmap, shardings from <code>sdy</code> annotations), this mode will show each device\'s shard of every buffer and the collectives between them.</p></div>' +
      '<div class="card planned"><h3>CUDA kernels</h3><p>Not yet: jx has no CUDA backend. Once it does, this mode will show the CUDA kernel of each fused region beside its CPU loop nest, compiled from the same StableHLO.</p></div></div>');
    root.innerHTML = h.join('');
    // Three columns of cards (by their order), stacked on narrow windows.
    var cards = $('.cards', root), wrap = el('div', 'cols');
    [[1, 4, 7], [2, 6, 5], [3]].forEach(function (list) {
      var col = el('div', 'col');
      list.forEach(function (o) {
        var card = cards.querySelector('.card[style="order:' + o + '"]');
        if (card) col.appendChild(card);
      });
      wrap.appendChild(col);
    });
    cards.replaceWith(wrap);
  }

  // ----- modes -----
  var rendered = {};
  function setMode(mode) {
    $$('#modes button').forEach(function (b) { b.classList.toggle('on', b.dataset.mode === mode); });
    $$('.mode').forEach(function (s) { s.classList.toggle('on', s.id === 'mode-' + mode); });
    if (!rendered[mode]) {
      if (mode === 'levels') renderLevels();
      if (mode === 'deploy') renderDeploy();
      rendered[mode] = true;
    }
    state.mode = mode;
    if (history.replaceState) history.replaceState(null, '', '#' + mode);
    return mode;
  }
  $$('#modes button').forEach(function (b) { b.addEventListener('click', function () { setMode(b.dataset.mode); }); });

  // ----- self test (?selftest=1, and the browser test through jxExplorer) -----
  // A StableHLO op named one of `names` (in that preference), the first
  // that `good` accepts, else the first; -1 when the program has none.
  function pickOrigin(names, good) {
    var first = -1;
    for (var i = 0; i < names.length; i++)
      for (var o = 0; o < ORIG.length; o++)
        if (ORIG[o][1] === 'stablehlo.' + names[i]) {
          if (first < 0) first = o;
          if (!good || good(o)) return o;
        }
    return first;
  }
  // Whether op `o` is followed to every one of the stages `ids`.
  function reaches(ids) {
    return function (o) {
      var f = follow(o);
      return ids.every(function (id) { return !(id in f) || f[id].length > 0; });
    };
  }
  function selfTest() {
    var res = { stages: S.map(function (s) { return { id: s.id, ops: s.opCount, bytes: s.bytes, lines: prep(S.indexOf(s))._lines.length }; }) };
    var modes = {};
    ['levels', 'deploy', 'pipeline'].forEach(function (m) {
      setMode(m);
      var sec = document.getElementById('mode-' + m);
      modes[m] = sec.classList.contains('on') && sec.offsetHeight > 0 && sec.textContent.length > 50;
    });
    res.modes = modes;
    var deep = reaches(['linalg', 'loops', 'llvm-ir', 'asm']);
    var picks = {
      elementwise: pickOrigin(['tanh', 'exponential', 'logistic', 'multiply', 'add', 'subtract'], deep),
      reduction: pickOrigin(['reduce'], deep),
      dot: pickOrigin(['dot_general', 'dot'], deep)
    };
    res.follow = {};
    Object.keys(picks).forEach(function (k) {
      if (picks[k] < 0) return;
      var f = follow(picks[k]);
      res.follow[k] = { op: ORIG[picks[k]][1], line: ORIG[picks[k]][0], stages: {} };
      Object.keys(f).forEach(function (id) { res.follow[k].stages[id] = f[id].length; });
    });
    // Select the first computing op of the StableHLO stage; its counterpart
    // in the next stage must be highlighted in the DOM.
    var next = S[HLO + 1] ? S[HLO + 1].id : null;
    var o = pickOrigin(['tanh', 'exponential', 'logistic', 'multiply', 'add', 'subtract', 'dot_general', 'reduce'], reaches([next]));
    if (o < 0) o = 0;
    var st = prep(HLO), k = (st._byOrigin.get(o) || [0])[0];
    showStages(HLO, HLO + 1);
    var sel = select(HLO, k);
    res.select = { op: ORIG[o][1], next: sel.next, prev: sel.prev,
      domSelected: $$('#paneA .ln.sel').length, domMatched: $$('#paneB .ln.match').length };
    res.errors = errors.slice();
    res.loadMs = +status.dataset.loadMs;
    return res;
  }

  window.jxExplorer = {
    data: D,
    stages: function () { return S.map(function (s) { return s.id; }); },
    setMode: setMode,
    mode: function () { return state.mode; },
    select: select,
    selectOrigin: function (o) { jumpToOrigin(o); return state.sel; },
    follow: follow,
    show: function (a, b) { paneA.view = 'ir'; showStages(a, b == null ? defaultOther(a) : b); },
    diff: function (si) { paneA.view = 'diff'; showStages(si, defaultOther(si)); return $$('#paneA .ln.add, #paneA .ln.del').length; },
    selfTest: selfTest,
    errors: errors
  };

  // ----- start -----
  function start() {
    var p = D.program;
    $('#prog').textContent = p.name + ' \u00b7 @' + p.entry + ' \u00b7 ' + S.length + ' stages \u00b7 jx ' + p.jx +
      (p.fuse ? '' : ' \u00b7 --no-fuse') + (p.blas ? '' : ' \u00b7 --no-blas');
    paneA = new Pane($('#paneA'));
    paneB = new Pane($('#paneB'));
    var other = $('#paneB .other');
    other.innerHTML = S.map(function (s, i) { return '<option value="' + i + '">' + (i + 1) + '. ' + esc(s.title) + '</option>'; }).join('');
    other.addEventListener('change', function () { showStages(state.a, +other.value); });
    $$('#paneA .view').forEach(function (b) {
      b.addEventListener('click', function () { paneA.view = b.dataset.view; showStages(state.a, state.b); });
    });
    renderStageList();
    showStages(state.a, defaultOther(state.a));
    var m = (location.hash || '').replace('#', '');
    setMode(m === 'levels' || m === 'deploy' ? m : 'pipeline');
    status.dataset.loadMs = String(Math.round(performance.now()));
    status.dataset.renderMs = String(Math.round(performance.now() - T0));
    status.dataset.ready = '1';
    if (/[?&]selftest=1/.test(location.search)) {
      var out = document.getElementById('jx-selftest');
      out.textContent = JSON.stringify(selfTest());
      out.hidden = false;
    }
  }
  try { start(); } catch (e) { noteError(e && e.stack || e); throw e; }
})();
