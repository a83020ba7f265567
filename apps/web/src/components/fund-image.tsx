import { type ImgHTMLAttributes, useState } from 'react';

const FALLBACK = '/images/fund-fallback.svg';

/** A fund's picture; when it is missing or fails to load, a neutral drawing takes its
 *  place (as avatars do), so no broken-image icon or empty box is shown. */
export function FundImage({
  src,
  srcSet,
  ...img
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  src: string | null | undefined;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  const failed = !src || broken === src;
  return (
    <img
      {...img}
      src={failed ? FALLBACK : src}
      srcSet={failed ? undefined : srcSet}
      data-fallback={failed ? 'true' : undefined}
      onError={() => setBroken(src ?? null)}
    />
  );
}
