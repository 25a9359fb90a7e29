/**
 * The contact page's scheduling frame (src/components/SchedulerFrame.astro) is written into the
 * page only as the visitor nears it: its third-party page costs nothing before. With scripting on,
 * a <noscript> holds its markup as unparsed text: the frame as the component wrote it.
 */
export function startSchedulerFrames(root: Document): void {
  for (const place of root.querySelectorAll<HTMLElement>('[data-scheduler]')) {
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        observer.disconnect();
        place.innerHTML = place.querySelector('noscript')?.textContent ?? '';
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(place);
  }
}
