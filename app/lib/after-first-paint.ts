/**
 * Script text of a function that calls its argument once the browser reports the first
 * contentful paint (the observer is called in a task after that frame; text may stay invisible
 * for a few frames while the fonts arrive, so a frame callback would be too early). A tab opened
 * in the background paints nothing, so it runs at once; a browser without paint timing runs it
 * after 3 s. Used to start downloading a page's scripts only after it has painted.
 */
export const AFTER_FIRST_PAINT = [
  "(f=>{let d=0;const g=()=>d++||f();",
  "if(document.hidden)return g();",
  'try{new PerformanceObserver(l=>l.getEntries().some(e=>e.name==="first-contentful-paint")&&g()).observe({type:"paint",buffered:true})}catch{}',
  "setTimeout(g,3e3)})",
].join("");
