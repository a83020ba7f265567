import type { ComponentProps } from 'react';
import { FundImage } from './fund-image';

/** A fund's picture in its figure: 800 × 500, drawn at its 8:5 shape across the width. */
export function FundCover({
  figureClassName,
  ...img
}: Omit<ComponentProps<typeof FundImage>, 'width' | 'height' | 'className'> & {
  figureClassName: string;
}) {
  return (
    <figure className={figureClassName}>
      <FundImage
        {...img}
        width={800}
        height={500}
        className="aspect-[8/5] h-auto w-full object-cover"
      />
    </figure>
  );
}
