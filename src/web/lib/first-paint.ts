import { CLOSED_BANNERS_CHANGE_EVENT, CLOSED_BANNERS_STORAGE_KEY } from '../../shared/constants';

/**
 * The first-paint handler (decision 0026): a few hundred bytes of inline script in `<head>`, with the request's CSP
 * nonce, that makes the public pages' controls work before React has hydrated them (decision 0007 starts React a
 * frame after the first paint, and the split parts later still).
 *
 * - Closed banners are hidden from the first paint by a `<style>` rule built from `closedBanners` in localStorage
 *   (the store `features/banners/components/closed-banners.ts` keeps), so a closed banner never flashes on reload.
 *   Only the strip's banners carry `data-banner-updated-at`: the admin screen's previews are never hidden.
 * - A banner's close button (`[data-banner-close]`) acts at once: it records the banner in that store, hides it, and
 *   tells the strip (the same change event) — whether or not React has hydrated the strip yet.
 * - Any other button that is not a form's submit (`type="button"`, or outside any form) clicked before the part of
 *   the page it is in has hydrated is recorded and clicked again once it has (React marks the page `data-hydrated`
 *   and each split part `[data-island]`). A form's submit button is left to the browser (the form posts natively).
 * Links, forms and `<details>` need no script: the browser does their job.
 *
 * Plain ES5 in a string: it runs before any bundle, as written (no build step, no helpers).
 */
export const FIRST_PAINT_SCRIPT = `(function(){
var KEY=${JSON.stringify(CLOSED_BANNERS_STORAGE_KEY)},doc=document,root=doc.documentElement,extra=[],pending=[];
var style=doc.createElement('style');doc.head.appendChild(style);
function idOf(e){return typeof e==='number'?e:e&&typeof e.id==='number'?e.id:null}
function read(){try{var v=JSON.parse(localStorage.getItem(KEY)||'[]');return Array.isArray(v)?v:[]}catch(_){return[]}}
function paint(){style.textContent=read().concat(extra).map(function(e){var id=idOf(e);if(id===null)return'';
return'[data-banner-id="'+id+'"][data-banner-updated-at'+(e&&typeof e.updatedAt==='string'?'='+JSON.stringify(e.updatedAt):'')+']{display:none!important}'}).join('')}
function hydrated(el){if(root.dataset.hydrated!=='true')return false;var island=el.closest('[data-island]');return!island||island.dataset.hydrated==='true'}
function replay(){pending=pending.filter(function(el){if(!el.isConnected)return false;if(!hydrated(el))return true;el.click();return false})}
paint();addEventListener('storage',paint);
doc.addEventListener('click',function(event){var target=event.target;if(!(target instanceof Element))return;
var close=target.closest('[data-banner-close]');
if(close){var banner=close.closest('[data-banner-id]');if(!banner)return;
var entry={id:Number(banner.getAttribute('data-banner-id')),updatedAt:banner.getAttribute('data-banner-updated-at')};
var list=read().filter(function(e){return idOf(e)!==entry.id});list.push(entry);
try{localStorage.setItem(KEY,JSON.stringify(list))}catch(_){extra.push(entry)}
paint();dispatchEvent(new Event(${JSON.stringify(CLOSED_BANNERS_CHANGE_EVENT)}));return}
var button=target.closest('button');
if(button&&(button.type==='button'||!button.form)&&!hydrated(button)){event.preventDefault();pending.push(button);watch()}},true);
var observer;function watch(){if(observer)return;observer=new MutationObserver(function(){replay();if(!pending.length){observer.disconnect();observer=null}});
observer.observe(root,{attributes:true,subtree:true,attributeFilter:['data-hydrated']})}
})();`;
