(function () {
'use strict';
var root = document.documentElement;
var UI = {};
try { UI = JSON.parse(document.body.getAttribute('data-ui') || '{}'); } catch (e) { UI = {}; }
function ui(key, fallback) { return UI[key] || fallback; }
function each(selector, fn, scope) { Array.prototype.forEach.call((scope || document).querySelectorAll(selector), fn); }
var NAMES = {auto: ui('auto', 'Auto'), light: ui('light', 'Light'), dark: ui('dark', 'Dark')};
var systemDark = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
function systemTheme() { return systemDark && systemDark.matches ? 'dark' : 'light'; }
function storedTheme() {
try {
var t = localStorage.getItem('theme');
return t === 'light' || t === 'dark' ? t : 'auto';
} catch (e) { return 'auto'; }
}
function applyTheme(theme, button) {
if (theme === 'auto') root.removeAttribute('data-theme');
else root.setAttribute('data-theme', theme);
button.setAttribute('data-mode', theme);
button.querySelector('.theme-name').textContent = NAMES[theme];
button.title = ui('theme', 'Colour theme') + ': ' + NAMES[theme];
}
var toggle = document.querySelector('.theme-toggle');
if (toggle) {
applyTheme(storedTheme(), toggle);
toggle.addEventListener('click', function () {
var shown = storedTheme() === 'auto' ? systemTheme() : storedTheme();
var next = shown === 'dark' ? 'light' : 'dark';
if (next === systemTheme()) next = 'auto';
try {
if (next === 'auto') localStorage.removeItem('theme');
else localStorage.setItem('theme', next);
} catch (e) { /* private mode: the choice lasts for this page only */ }
applyTheme(next, toggle);
});
}
var bar = document.querySelector('.topbar');
if (bar && document.body.hasAttribute('data-root')) {
var home = (document.body.getAttribute('data-root') || './').replace(/([^/])$/, '$1/');
var here = function (href) { return new URL(href, location.href).pathname.replace(/index\.html$/, ''); };
var menu = document.createElement('details');
menu.className = 'site-menu';
var opener = document.createElement('summary');
opener.textContent = ui('menu', 'Pages');
menu.appendChild(opener);
var menuNav = document.createElement('nav');
menuNav.setAttribute('aria-label', ui('menu', 'Pages'));
var menuList = document.createElement('ol'), current = null, listed = false;
menuNav.appendChild(menuList);
menu.appendChild(menuNav);
bar.insertBefore(menu, bar.firstChild);
var fill = function () {
if (listed || !window.siteMenu) return;
listed = true;
window.siteMenu.forEach(function (entry) {
var item = document.createElement('li'), link = document.createElement('a');
item.className = 'menu-depth-' + Math.min(entry[2], 3);
link.href = home + entry[0];
link.textContent = entry[1];
if (here(link.href) === here(location.href)) { link.setAttribute('aria-current', 'page'); current = link; }
item.appendChild(link);
menuList.appendChild(item);
});
if (current) menuNav.scrollTop = current.offsetTop - menuNav.clientHeight / 2;  // the page stays
};
menu.addEventListener('toggle', function () {
if (!menu.open) return;
if (window.siteMenu) return fill();
var script = document.createElement('script');  // a script, which a page from file:// may load
script.src = home + 'menu.js';
script.onload = fill;
document.head.appendChild(script);
});
menu.addEventListener('keydown', function (event) {
if (event.key === 'Escape' && menu.open) { menu.open = false; opener.focus(); event.stopPropagation(); }
});
document.addEventListener('click', function (event) {
if (menu.open && !menu.contains(event.target)) menu.open = false;
});
}
var languageLinks = [];
each('.languages a[hreflang]', function (a) { languageLinks.push([a, a.getAttribute('href').split('#')[0]]); });
function keepPlace() {
languageLinks.forEach(function (l) { l[0].setAttribute('href', l[1] + location.hash); });
}
keepPlace();
window.addEventListener('hashchange', keepPlace);
var NAME_SELECTOR = '.code .n, .code .nc, .code .nf, .code .fm, .code .bp, .code .nb, .doc code .n';
var KEY_NAMES = ['n', 'nc', 'nf', 'fm', 'bp', 'nb'].map(function (c) { return '.code span.' + c; }).join(', ');
var marked = [];
var markedName = null;
function pressed() {
each('.code pre [role=button]', function (el) {
el.setAttribute('aria-pressed', String(el.textContent === markedName));
});
}
function clearMarks() {
marked.forEach(function (el) { el.classList.remove('highlighted'); });
marked = [];
markedName = null;
pressed();
}
function markName(name) {
clearMarks();
markedName = name;
each(NAME_SELECTOR, function (el) {
if (el.textContent === name) {
el.classList.add('highlighted');
marked.push(el);
}
});
pressed();
}
function toggleName(el) {
if (el.textContent === markedName && el.tagName !== 'A') clearMarks();
else markName(el.textContent);
}
function makeStop(el, on) {
if (on) {
el.tabIndex = 0;
el.setAttribute('role', 'button');
el.setAttribute('aria-pressed', String(el.textContent === markedName));
} else {
el.removeAttribute('tabindex');
el.removeAttribute('role');
el.removeAttribute('aria-pressed');
}
}
each('.code pre', function (pre) {
var first = pre.querySelector(KEY_NAMES);
if (first) makeStop(first, true);
});
var main = document.getElementById('content');
if (main) {
main.addEventListener('click', function (event) {
var target = event.target.closest ? event.target.closest(NAME_SELECTOR) : null;
if (!target) {
if (marked.length && !event.target.closest('a')) clearMarks();
return;
}
var selection = window.getSelection && window.getSelection();
if (selection && !selection.isCollapsed) return;   // the reader is selecting text
toggleName(target);
});
main.addEventListener('keydown', function (event) {
var el = event.target;
if (!el.matches || !el.matches(KEY_NAMES) || event.altKey || event.ctrlKey || event.metaKey) return;
if (event.key === 'Enter' || event.key === ' ') {
toggleName(el);
} else if (event.key === 'Escape') {
clearMarks();
} else if (/^(ArrowRight|ArrowLeft|ArrowDown|ArrowUp|Home|End)$/.test(event.key)) {
var names = Array.prototype.slice.call(el.closest('pre').querySelectorAll(KEY_NAMES));
var at = names.indexOf(el), last = names.length - 1;
var to = {ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: last}[event.key];
to = Math.max(0, Math.min(last, to));
makeStop(el, false);
makeStop(names[to], true);
names[to].focus();
} else {
return;
}
event.preventDefault();
});
}
function fitWide() {
each('.doc .katex-display > .katex', function (k) {
k.style.fontSize = '';
var box = k.parentNode, ratio = box.clientWidth / box.scrollWidth;
if (ratio < 1 && ratio >= 0.75) k.style.fontSize = (1.21 * ratio * 0.99).toFixed(3) + 'em';
});
each('.doc .katex-display, .doc table', function (el) {
if (el.scrollWidth > el.clientWidth + 1) el.tabIndex = 0;
else el.removeAttribute('tabindex');
});
}
var resizing = null;
if (document.fonts && document.fonts.ready) document.fonts.ready.then(fitWide);
else fitWide();
window.addEventListener('resize', function () {
clearTimeout(resizing);
resizing = setTimeout(fitWide, 100);
});
var dialog = null;
function zoom(img, opener) {
if (!dialog) {
dialog = document.createElement('dialog');
dialog.className = 'zoom';
var close = document.createElement('button');
close.type = 'button';
close.className = 'zoom-close';
close.textContent = '×';
close.setAttribute('aria-label', ui('close', 'Close'));
dialog.appendChild(close);
dialog.appendChild(document.createElement('img'));
dialog.addEventListener('click', function () { dialog.close(); });
document.body.appendChild(dialog);
}
var big = dialog.querySelector('img');
big.src = img.currentSrc || img.src;
big.alt = img.alt;
dialog.setAttribute('aria-label', img.alt || ui('zoom', 'Enlarge image'));
dialog.onclose = function () { opener.focus(); };
dialog.showModal();
}
each('.doc img', function (img) {
if (img.closest('a, button')) return;
var button = document.createElement('button');
button.type = 'button';
button.className = 'zoom-button';
button.setAttribute('aria-haspopup', 'dialog');
button.title = ui('zoom', 'Enlarge image');
if (!img.alt) button.setAttribute('aria-label', ui('zoom', 'Enlarge image'));
img.parentNode.insertBefore(button, img);
button.appendChild(img);
button.addEventListener('click', function () { zoom(img, button); });
});
var lit = [];
function light(term) {
lit.forEach(function (el) { el.classList.remove('mc-on', 'mc-at'); });
var n = term ? term.getAttribute('data-mc') : null;
lit = n === null ? [] : Array.prototype.slice.call(document.querySelectorAll('.mc[data-mc="' + n + '"]'));
lit.forEach(function (el) { el.classList.add('mc-on'); });
return lit;
}
function formulaTerms(formula) {  // the first place of each of a formula's terms, from the left
var seen = {}, left = function (el) { return el.getBoundingClientRect().left; };
return Array.prototype.slice.call(formula.querySelectorAll('.mc')).sort(function (a, b) {
return left(a) - left(b);
}).filter(function (el) {
var n = el.getAttribute('data-mc');
return seen[n] ? false : (seen[n] = true);
});
}
var termName = null;
function stepTo(formula, at) {
var terms = formulaTerms(formula);
formula.mcAt = Math.max(0, Math.min(terms.length - 1, at));
if (light(terms[formula.mcAt]).length) terms[formula.mcAt].classList.add('mc-at');
var name = terms[formula.mcAt] ? terms[formula.mcAt].getAttribute('title') || '' : '';
formula.setAttribute('data-term', name);
if (!termName) {
termName = document.createElement('span');
termName.className = 'visually-hidden term-name';
termName.setAttribute('role', 'status');
main.appendChild(termName);
}
termName.textContent = name;
}
if (main && main.querySelector('.mc')) {
each('.katex', function (k) { if (k.querySelector('.mc')) { k.tabIndex = 0; k.classList.add('mc-stop'); } }, main);
var byKeys = function (el) {  // a formula focused from the keyboard (not by a click)
try { return el && el.classList.contains('mc-stop') && el.matches(':focus-visible'); } catch (e) { return true; }
};
var pointed = null;  // the term under the pointer
main.addEventListener('mouseover', function (event) {
var k = document.activeElement;
pointed = event.target.closest ? event.target.closest('.mc') : null;
if (pointed || !byKeys(k)) light(pointed);
else stepTo(k, k.mcAt || 0);
});
main.addEventListener('focusin', function (event) {
if (byKeys(event.target)) stepTo(event.target, event.target.mcAt || 0);
});
main.addEventListener('focusout', function (event) {
if (event.target.classList.contains('mc-stop')) light(pointed);
});
main.addEventListener('keydown', function (event) {
var k = event.target, at = k.mcAt || 0;
if (!k.classList.contains('mc-stop') || event.altKey || event.ctrlKey || event.metaKey) return;
var to = {ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: formulaTerms(k).length - 1}[event.key];
if (to !== undefined) stepTo(k, to);
else if (event.key === 'Escape') light(null);
else return;
event.preventDefault();
});
}
var toolsOn = null;
var showTools = function (event) {
var section = event.target.closest ? event.target.closest('article > .section') : null;
if (!section || section === toolsOn) return;
if (toolsOn) toolsOn.classList.remove('tools-on');
toolsOn = section;
section.classList.add('tools-on');
};
document.addEventListener('click', showTools);
document.addEventListener('focusin', showTools);
var tocBox = document.querySelector('.toc details');
var tocLinks = Array.prototype.slice.call(document.querySelectorAll('.toc a'));
if (tocBox && tocLinks.length) {
var wideToc = window.matchMedia ? window.matchMedia('(min-width: 1500px)') : null;
var syncToc = function () { if (wideToc && wideToc.matches) tocBox.open = true; };
syncToc();
if (wideToc && wideToc.addEventListener) wideToc.addEventListener('change', syncToc);
tocLinks.forEach(function (a) {
a.addEventListener('click', function () { if (!(wideToc && wideToc.matches)) tocBox.open = false; });
});
var tocTargets = tocLinks.map(function (a) { return document.getElementById(decodeURIComponent(a.hash.slice(1))); });
var currentToc = null, spying = false;
var spy = function () {
spying = false;
var line = window.innerHeight / 4, at = 0;
for (var i = 0; i < tocTargets.length; i++) {
if (tocTargets[i] && tocTargets[i].getBoundingClientRect().top <= line) at = i;
}
var bottom = window.innerHeight + window.pageYOffset >= document.documentElement.scrollHeight - 2;
if (bottom) {
for (var j = at + 1; j < tocTargets.length; j++) {
if (tocTargets[j] && tocTargets[j].getBoundingClientRect().top < window.innerHeight) at = j;
}
}
var link = tocLinks[at];
if (link === currentToc) return;
if (currentToc) currentToc.removeAttribute('aria-current');
link.setAttribute('aria-current', 'location');
currentToc = link;
};
spy();
window.addEventListener('scroll', function () {
if (!spying) { spying = true; window.requestAnimationFrame(spy); }
}, {passive: true});
window.addEventListener('resize', spy);
}
var commit = typeof self.sourceCommit === 'string' ? self.sourceCommit : '';
if (commit) each('.source-commit', function (s) { s.textContent = ', commit ' + commit.slice(0, 12); });
if (commit) each('a.repository-link[data-href]', function (a) {
a.href = a.getAttribute('data-href').replace('{commit}', commit);
a.hidden = false;
});
var article = document.querySelector('article[data-report]');
if (article) {
var lastHeading = '';
var headingText = function (h) {
var copy = h.cloneNode(true);
Array.prototype.forEach.call(copy.querySelectorAll('.katex-html, annotation'), function (n) { n.remove(); });
return copy.textContent.replace(/\s+/g, ' ').trim();
};
each('article > .section[id]', function (section) {
var doc = section.querySelector('.doc');
var h = doc && doc.querySelector('h1, h2, h3, h4, h5, h6');
if (h) lastHeading = headingText(h);
if (!doc || !doc.querySelector(':scope > :not(.permalink)')) return;   // code alone
var anchor = section.id;
var body = ['Page: ' + (article.getAttribute('data-url') || location.href.split('#')[0]) + '#' + anchor,
'Section: ' + anchor + (lastHeading ? ' (' + lastHeading + ')' : ''), 'Language: ' + root.lang];
if (commit) body.push('Commit: ' + commit);
body.push('', 'What is wrong:', '');
var query = new URLSearchParams();
query.set('title', article.getAttribute('data-page') + '#' + anchor + (lastHeading ? ': ' + lastHeading : ''));
query.set('body', body.join('\n'));
var a = document.createElement('a');
a.className = 'report';
a.lang = root.lang;
a.href = article.getAttribute('data-report') + '?' + query.toString();
a.textContent = ui('report', 'Report a problem with this section');
doc.appendChild(a);
}, article);
}
var announce = null;
function say(text) {
if (!announce) {
announce = document.createElement('div');
announce.className = 'visually-hidden copy-status';
announce.setAttribute('role', 'status');
announce.setAttribute('aria-live', 'polite');
document.body.appendChild(announce);
}
announce.textContent = '';
setTimeout(function () { announce.textContent = text; }, 50);
}
function copyBySelection(text, button) {
var area = document.createElement('textarea');
area.value = text;
area.setAttribute('readonly', '');
area.style.position = 'fixed';
area.style.top = '0';
area.style.opacity = '0';
document.body.appendChild(area);
area.select();
var ok = false;
try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
document.body.removeChild(area);
button.focus();
return ok;
}
function copyText(text, button) {
if (navigator.clipboard && navigator.clipboard.writeText && window.isSecureContext !== false) {
return navigator.clipboard.writeText(text).then(function () { return true; }, function () {
return copyBySelection(text, button);
});
}
return Promise.resolve(copyBySelection(text, button));
}
each('.code pre, .cite pre', function (pre) {
var button = document.createElement('button');
button.type = 'button';
button.className = 'copy-button';
button.textContent = ui('copy', 'Copy code');
var reset = null;
button.addEventListener('click', function () {
var lines = Array.prototype.map.call(pre.querySelectorAll('.line'), function (l) { return l.textContent; });
copyText(lines.length ? lines.join('\n') + '\n' : pre.textContent, button).then(function (ok) {
var note = ok ? ui('copied', 'Code copied') : ui('copy_failed', 'The code could not be copied');
button.textContent = note;
button.setAttribute('data-state', ok ? 'done' : 'failed');
say(note);
clearTimeout(reset);
reset = setTimeout(function () {
button.textContent = ui('copy', 'Copy code');
button.removeAttribute('data-state');
}, 2000);
});
});
if (pre.classList.contains('bibtex')) {   // a citation: its button sits on it
var holder = document.createElement('div');
holder.className = 'copyable';
pre.parentNode.insertBefore(holder, pre);
holder.appendChild(pre);
}
pre.parentNode.insertBefore(button, pre.nextSibling);   // after the code's names, for Tab
});
var box = document.querySelector('.search');
if (!box) return;
var input = box.querySelector('input');
var popup = box.querySelector('.search-results');
var list = popup.querySelector('[role=listbox]');
var message = popup.querySelector('.result-message');
var moreButton = document.createElement('button');
moreButton.type = 'button';
moreButton.className = 'result-more';
moreButton.hidden = true;
popup.appendChild(moreButton);
moreButton.addEventListener('click', function () {
var first = list.children.length;
showMore(function () { input.focus({preventScroll: true}); setActive(first); });
});
var prefix = box.getAttribute('data-root') || '';
var LIMIT = 10;
var CJK = /[\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
var WORD = /[\p{L}\p{N}_]/u;
var INDEX = 'search-index.js';
var indexUrl = box.getAttribute('data-index');
var base = indexUrl.slice(0, indexUrl.lastIndexOf('/') + 1);
var manifest = null;   // the shards there are, how sections group under headings
var keys = {};
var groupOf = [];      // section -> its page and heading, for one result per page and heading
var requests = {};     // file -> callbacks waiting for it
var latest = 0;        // the query being answered; older answers are dropped
var active = -1;
function has(name) { return !!window.siteSearchIndex && name in window.siteSearchIndex; }
function request(name, done) {
if (requests[name]) { requests[name].push(done); return; }
requests[name] = [done];
var script = document.createElement('script');
script.src = base + name;
script.async = true;
script.onload = script.onerror = function () {
var waiting = requests[name];
delete requests[name];
if (!has(name)) script.remove();   // tried again on the next query
waiting.forEach(function (f) { f(); });
};
document.head.appendChild(script);
}
function load(names, done) {
var missing = names.filter(function (n) { return !has(n); }), left = missing.length;
if (!left) return done(true);
missing.forEach(function (n) {
request(n, function () { if (--left === 0) done(names.every(has)); });
});
}
function loadIndex(then) {
load([INDEX], function (ok) {
if (ok && !manifest) {
manifest = window.siteSearchIndex[INDEX];
manifest.keys.forEach(function (k) { keys[k] = true; });
var bits = atob(manifest.groups), g = -1;
groupOf = new Int32Array(manifest.sections);
for (var r = 0; r < manifest.sections; r++) {
if (bits.charCodeAt(r >> 3) & (128 >> (r & 7))) g++;
groupOf[r] = g;
}
}
if (then) then(ok);
});
}
function keyOf(term) {
var h = 0;
Array.from(term).forEach(function (c) { h = (h * 31 + c.codePointAt(0)) % 65521; });
var hex = (h % manifest.buckets).toString(16);
return '#' + (hex.length < 2 ? '0' + hex : hex).slice(0, manifest.key);
}
function fileKey(key) {
if (key.charAt(0) === '#') return 'h' + key.slice(1);
return Array.from(key).map(function (c) { return c.codePointAt(0).toString(16); }).join('-');
}
function terms(query) {
return query.toLowerCase().split(/\s+/).filter(function (t) { return t.length > 0; });
}
function parts(word) {
var found = [], run = '', cjk = false;
function flush() {
var chars = Array.from(run);
if (!chars.length) return;
var n = chars.length;
if (!cjk) found.push({term: run, prefix: n > 1, stays: n > 1, key: chars.slice(0, manifest.key).join('')});
else if (n === 1) found.push({term: run, prefix: false, stays: false, key: keyOf(run)});
else [0, n - 2].forEach(function (i, j) {   // its first and its last pair
var pair = chars[i] + chars[i + 1];
if (j === 0 || i > 0) found.push({term: pair, prefix: false, stays: j === 0, key: keyOf(pair)});
});
run = '';
}
Array.from(word).forEach(function (c) {
var isCjk = CJK.test(c);
if (!isCjk && !WORD.test(c)) return flush();
if (run && isCjk !== cjk) flush();
cjk = isCjk;
run += c;
});
flush();
return found;
}
function shard(key) { return manifest.dir + '/search-' + fileKey(key) + '.js'; }
var DIGIT = new Int8Array(128);
for (var ch = 35; ch < 127; ch++) DIGIT[ch] = ch - 35 - (ch > 92 ? 1 : 0);
var CODES = 60, GAP_BASE = 31;
function shardData(key) { return keys[key] ? window.siteSearchIndex[shard(key)] || {} : {}; }
function partTerms(part) {
var data = shardData(part.key);
return (part.prefix ? Object.keys(data).filter(function (t) { return t.lastIndexOf(part.term, 0) === 0; })
: part.term in data ? [part.term] : []).map(function (t) { return [data, t]; });
}
var NEAR_LENGTH = 5;
function nearable(word) {
var ps = parts(word);
return ps.length === 1 && !CJK.test(word) && ps[0].term === word && Array.from(word).length >= NEAR_LENGTH;
}
function nearKeys(word) {
var c = Array.from(word), start = c.slice(0, manifest.key).join('');
var swapped = [c[1], c[0]].concat(c.slice(2)).slice(0, manifest.key).join('');
return swapped === start ? [start] : [start, swapped];
}
function near(word, term) {
var n = word.length, m = Math.min(term.length, n + 1), prev2 = null, prev = [], row, i, j;
if (m < n - 1) return false;
for (j = 0; j <= m; j++) prev.push(j);
for (i = 1; i <= n; i++) {
row = [i];
for (j = 1; j <= m; j++) {
var cost = word[i - 1] === term[j - 1] ? 0 : 1;
var d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
if (prev2 && i > 1 && j > 1 && word[i - 1] === term[j - 2] && word[i - 2] === term[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
row.push(d);
}
prev2 = prev;
prev = row;
}
for (j = Math.max(0, n - 1); j <= m; j++) if (prev[j] <= 1) return true;
return false;
}
function nearTerms(word) {
var found = [];
nearKeys(word).forEach(function (key) {
var data = shardData(key);
Object.keys(data).forEach(function (t) {
if (t.lastIndexOf(word, 0) !== 0 && near(word, t)) found.push([data, t]);
});
});
return found;
}
function occurrences(part, found) {
var acc = new Int32Array(groupOf.length), hits = [];
found.forEach(function (dataAndTerm) {
var data = dataAndTerm[0], term = dataAndTerm[1];
var s = data[term], r = -1, gap = 0, scale = 0;
for (var i = 0; i < s.length; i++) {
var d = DIGIT[s.charCodeAt(i)];
if (d >= CODES) { gap += (d - CODES) * (scale || 1); scale = (scale || 1) * GAP_BASE; continue; }
r += scale ? gap + 2 : 1;
gap = scale = 0;
var code = ((d / 12 | 0) << 4) | (d % 12), names = (code >> 2) & 3, a = acc[r];
if (!a) { hits.push(r); a = 128; }
names = names === 2 && term === part.term ? 4 : names ? 2 : 0;
if (names > ((a >> 2) & 7)) a = (a & ~28) | (names << 2);
acc[r] = (a | (code & 3)) + ((code >> 4) << 8);
}
});
hits.sort(function (x, y) { return x - y; });
return {acc: acc, hits: hits};
}
function wordScores(word, fuzzy) {
var ps = parts(word).map(function (p) { return occurrences(p, partTerms(p)); });
var result = partScores(ps), found = fuzzy && nearable(word) ? nearTerms(word) : [];
result.near = new Uint8Array(groupOf.length);
result.terms = found.map(function (f) { return f[1]; });
if (!found.length) return result;
var other = partScores([occurrences(parts(word)[0], found)]);
other.hits.forEach(function (r) {
if (result.scores[r]) return;
result.scores[r] = other.scores[r];
result.near[r] = 1;
result.hits.push(r);
});
result.hits.sort(function (x, y) { return x - y; });
return result;
}
function partScores(ps) {
var scores = new Int32Array(groupOf.length), hits = [];
if (!ps.length) return {hits: hits, scores: scores};
ps[0].hits.forEach(function (r) {
var title = 1, heading = 1, names = 4, count = Infinity;
for (var i = 0; i < ps.length; i++) {
var a = ps[i].acc[r];
if (!a) return;
title &= a & 1;
heading &= (a >> 1) & 1;
names = Math.min(names, (a >> 2) & 7);
count = Math.min(count, a >> 8);
}
var s = (title ? 8 : 0) + (heading ? 6 : 0) + names + (count ? 3 + Math.min(3, count - 1) : 0);
if (!s) return;
scores[r] = s * 4 + (title ? 2 : 0) + (title || heading ? 1 : 0);
hits.push(r);
});
return {hits: hits, scores: scores};
}
function shardsOf(words, typing, swapped) {
var names = [];
words.forEach(function (w) {
parts(w).forEach(function (p) {
var name = shard(p.key);
if (keys[p.key] && names.indexOf(name) < 0 && !(typing && !p.stays)) names.push(name);
});
if (swapped && nearable(w)) nearKeys(w).forEach(function (key) {
if (keys[key] && names.indexOf(shard(key)) < 0) names.push(shard(key));
});
});
return names;
}
function prefetch() {
loadIndex(function (ok) { if (ok) load(shardsOf(terms(input.value), true), function () {}); });
}
function search(query) {
var words = terms(query), seq = ++latest;
if (!words.length) { close(); return; }
if (!manifest) {
show([], ui('loading', 'Loading…'));
return loadIndex(function (ok) {
if (seq !== latest) return;
if (ok) search(query);
else show([], ui('index_failed', 'The search index could not be loaded.'));
});
}
load(shardsOf(words), function (ok) {
if (seq !== latest) return;
if (!ok) return show([], ui('index_failed', 'The search index could not be loaded.'));
if (rank(words, seq) || !words.some(nearable)) return;
load(shardsOf(words, false, true), function (ok) { if (ok && seq === latest) rank(words, seq); });
});
}
var SPAN = 1 << 21;
function rank(words, seq) {
var per = words.map(function (w) { return wordScores(w, true); });
var first = per[0].hits, order = new Float64Array(first.length), n = 0;
first.forEach(function (r) {
var inTitle = 0, inHeading = 0, total = 0, exact = 1;
for (var i = 0; i < per.length; i++) {
var s = per[i].scores[r];
if (!s) return;
inTitle += (s >> 1) & 1;
inHeading += s & 1;
total += s >> 2;
if (per[i].near[r]) exact = 0;
}
var level = exact * 3 + (inTitle === words.length ? 2 : inHeading === words.length ? 1 : 0);
order[n++] = (level * SPAN + total) * SPAN + (SPAN - 1 - r);
});
order = order.subarray(0, n).sort();
var seen = new Uint8Array(groupOf.length ? groupOf[groupOf.length - 1] + 1 : 0), ranked = [];
for (var i = n - 1; i >= 0; i--) {
var r = SPAN - 1 - order[i] % SPAN, g = groupOf[r];
if (seen[g]) continue;
seen[g] = 1;
ranked.push(r);
}
var marks = words.slice();
per.forEach(function (p) { p.terms.forEach(function (t) { if (marks.indexOf(t) < 0) marks.push(t); }); });
answer = {ranked: ranked, shown: 0, words: words, marks: marks, seq: seq};
if (!ranked.length) show([], ui('no_results', 'No results'), words);
else showMore();
return ranked.length;
}
var answer = null;
function showMore(then) {
var a = answer, next = a.ranked.slice(a.shown, a.shown + LIMIT);
var chunks = next.map(function (r) { return manifest.dir + '/search-r' + Math.floor(r / manifest.chunk) + '.js'; });
load(chunks, function (ok) {
if (a.seq !== latest) return;
if (!ok) return show([], ui('index_failed', 'The search index could not be loaded.'));
var results = next.map(function (r, i) {
var row = window.siteSearchIndex[chunks[i]][r % manifest.chunk];
return {url: row[0], title: row[1], section: row[2], heading: row[3], text: row[4], names: row[5]};
});
show(results, '', a.words, a.shown > 0, a.marks);
a.shown += next.length;
var left = a.ranked.length - a.shown;
moreButton.hidden = left <= 0;
moreButton.textContent = ui('more', 'Show {k} more ({n} left)').replace('{k}', Math.min(left, LIMIT)).replace('{n}', left);
if (then) then();
});
}
function snippet(text, words) {
var lower = text.toLowerCase(), at = lower.indexOf(words.join(' '));
for (var i = 0; i < words.length && at < 0; i++) at = lower.indexOf(words[i]);
var start = at < 0 ? 0 : Math.max(0, at - 50), end = Math.min(text.length, start + (at < 0 ? 120 : 140));
if (start > 0) {
var space = text.indexOf(' ', start - 1);
if (space >= 0 && space < Math.max(at, start + 20)) start = space + 1;
}
if (end < text.length) {
var last = text.lastIndexOf(' ', end);
if (last > Math.max(at, start) && end - last < 30) end = last;
}
return (start ? '…' : '') + text.slice(start, end).trim() + (end < text.length ? '…' : '');
}
function appendMarked(parent, text, words) {
var lower = text.toLowerCase(), pos = 0;
while (pos < text.length) {
var best = -1, len = 0;
for (var i = 0; i < words.length; i++) {
var at = lower.indexOf(words[i], pos);
if (at >= 0 && (best < 0 || at < best || (at === best && words[i].length > len))) { best = at; len = words[i].length; }
}
if (best < 0) { parent.appendChild(document.createTextNode(text.slice(pos))); break; }
if (best > pos) parent.appendChild(document.createTextNode(text.slice(pos, best)));
var mark = document.createElement('mark');
mark.textContent = text.slice(best, best + len);
parent.appendChild(mark);
pos = best + len;
}
}
function show(results, note, words, append, marks) {
marks = marks || words;
var from = append ? list.children.length : 0;
if (!append) {
list.textContent = '';
moreButton.hidden = true;
setActive(-1);
}
results.forEach(function (r, i) {
var a = document.createElement('a');
a.id = 'search-result-' + (from + i);
a.setAttribute('role', 'option');
a.setAttribute('aria-selected', 'false');
a.tabIndex = -1;
a.href = prefix + r.url + '#' + (typeof r.section === 'number' ? 'section-' + r.section : r.section);
var title = document.createElement('span');
title.className = 'result-title';
appendMarked(title, r.title + (r.heading ? ' › ' + r.heading : ''), marks);
a.appendChild(title);
var text = r.text || r.names;
if (text) {
var p = document.createElement('span');
p.className = 'result-text';
appendMarked(p, snippet(text, words), marks);
a.appendChild(p);
}
list.appendChild(a);
});
list.hidden = !results.length;
list.setAttribute('data-query', (words || []).join(' '));   // what the list answers
message.textContent = note;
message.hidden = !note;
popup.hidden = false;
input.setAttribute('aria-expanded', 'true');
}
function close() {
popup.hidden = true;
setActive(-1);
input.setAttribute('aria-expanded', 'false');
}
function options() { return Array.prototype.slice.call(list.querySelectorAll('[role=option]')); }
function setActive(i) {
var items = options();
active = i;
items.forEach(function (a, j) { a.setAttribute('aria-selected', String(j === i)); });
if (i >= 0 && items[i]) {
input.setAttribute('aria-activedescendant', items[i].id);
items[i].scrollIntoView({block: 'nearest'});
} else {
input.removeAttribute('aria-activedescendant');
}
}
var timer = null, before = '';
input.addEventListener('focus', function () { loadIndex(); });
input.addEventListener('input', function (event) {
clearTimeout(timer);
var grew = input.value.length - before.length;
before = input.value;
if (event.isComposing) return;
if (grew > 1 || /^insertFrom/.test(event.inputType)) return search(before);
prefetch();
timer = setTimeout(function () { search(input.value); }, 40);
});
input.addEventListener('compositionend', function () { clearTimeout(timer); search(before = input.value); });
input.addEventListener('keydown', function (event) {
var items = options(), n = items.length;
if (event.key === 'Escape') {
clearTimeout(timer);
latest++;
if (!popup.hidden) close();
else if (input.value) input.value = '';
back();
} else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
if (popup.hidden && input.value) { search(input.value); return event.preventDefault(); }
if (!n) return;
var step = event.key === 'ArrowDown' ? 1 : -1;
setActive(active < 0 ? (step > 0 ? 0 : n - 1) : (active + step + n) % n);
} else if (event.key === 'Enter' && n && !popup.hidden) {
items[Math.max(active, 0)].click();
} else {
return;
}
event.preventDefault();
});
list.addEventListener('click', function (event) {
if (event.target.closest('a')) close();
});
document.addEventListener('click', function (event) {
if (!box.contains(event.target)) close();
});
document.addEventListener('keydown', function (event) {
if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
var el = document.activeElement;
if (el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName))) return;
event.preventDefault();
returnTo = {el: el, y: window.scrollY};
input.focus({preventScroll: true});
input.select();
if (input.value) search(input.value);
});
var returnTo = null;
function back() {
if (!returnTo) return;
var to = returnTo;
returnTo = null;
if (to.el && to.el !== document.body && to.el.focus) to.el.focus({preventScroll: true});
else input.blur();
window.scrollTo(window.scrollX, to.y);
}
})();
