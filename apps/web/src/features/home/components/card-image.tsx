/** A home page card's picture (decorative: the card's title says what it shows), loaded lazily. */
export function CardImage({ src, className }: { src: string; className: string }) {
  return (
    <img
      src={src}
      alt=""
      width={640}
      height={400}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}
