import { useI18n } from '../../../lib/i18n';
import { CardImage } from './card-image';
import { BLOG, BLOG_AUTHOR, BLOG_COMMENTS } from '../content';

/** 'Latest news & articles directly from our blog': three static cards. */
export function LatestBlog() {
  const { t, tn } = useI18n();
  return (
    <section id="latest-blog" aria-labelledby="blog-title" className="bg-base-100">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="blog-title" className="text-center text-3xl font-extrabold md:text-4xl">
          {t('Latest news & articles directly from our blog')}
        </h2>
        <ul className="mt-10 grid gap-8 md:grid-cols-3">
          {BLOG.map((post) => (
            <li key={post.title}>
              <article className="card h-full overflow-hidden border border-base-200 bg-base-100 shadow-sm">
                <figure>
                  <CardImage src={post.image} className="aspect-[8/5] w-full object-cover" />
                </figure>
                <div className="card-body gap-3">
                  <p className="flex gap-4 text-sm text-base-content/80">
                    <span className="flex items-center gap-1">
                      <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
                        <path
                          fill="currentColor"
                          d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-5 0-9 2.5-9 5.5V22h18v-2.5c0-3-4-5.5-9-5.5z"
                        />
                      </svg>
                      {t(BLOG_AUTHOR)}
                    </span>
                    <span className="flex items-center gap-1">
                      <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
                        <path
                          fill="currentColor"
                          d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 1-2z"
                        />
                      </svg>
                      {tn('{{n}} Comments', BLOG_COMMENTS)}
                    </span>
                  </p>
                  <h3 className="card-title text-lg leading-snug">{t(post.title)}</h3>
                  <p className="text-base-content/80">{t(post.text)}</p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
