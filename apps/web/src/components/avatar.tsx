import { useState } from 'react';

const FALLBACK = '/images/avatar.svg';

/** A round photo with a fallback image when none is set or it fails to load. */
export function Avatar({
  src,
  name,
  size = 40,
}: {
  src: string | null | undefined;
  name: string;
  size?: number;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <div className="avatar">
      <div className="rounded-full ring-2 ring-primary/40" style={{ width: size, height: size }}>
        <img
          src={!src || broken ? FALLBACK : src}
          alt={name}
          width={size}
          height={size}
          referrerPolicy="no-referrer"
          onError={() => setBroken(true)}
        />
      </div>
    </div>
  );
}
