(function(server,build){
var box=null,es=null,timer=0,stale=false;function show(t){if(!box){box=document.createElement('div');box.id='build-error';
box.setAttribute('role','alert');box.style.cssText='position:fixed;inset:auto 0 0 0;max-height:60vh;overflow:auto;'
+'z-index:99;margin:0;padding:1rem 1.5rem;background:#2b0b0b;color:#ffd7d5;font:13px/1.5 ui-monospace,monospace;'
+'white-space:pre-wrap;border-top:3px solid #ff6b6b';document.body.appendChild(box)}box.textContent='Build failed\n\n'+t}
function hide(){if(box){box.remove();box=null}}
function reload(){clearTimeout(timer);if(es){es.close();es=null}location.reload()}
function open(){if(es||stale||document.visibilityState==='hidden')return;
es=new EventSource('@EVENTS@?server='+server+'&build='+build);
es.onmessage=function(e){var d=JSON.parse(e.data);if(d.server!==server||d.build!==build){stale=true;timer=setTimeout(reload,1000)}
else if(d.error)show(d.error);else hide()};
es.onerror=function(){if(stale)reload();else if(es&&es.readyState===2){es=null;timer=setTimeout(open,5000)}}}
document.addEventListener('visibilitychange',function(){if(document.visibilityState!=='hidden')open();
else if(es){clearTimeout(timer);es.close();es=null}});addEventListener('pageshow',open);open()})(@SERVER@,@BUILD@)
