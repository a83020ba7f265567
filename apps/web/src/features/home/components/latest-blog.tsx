import { useI18n } from '../../../lib/i18n';
import { HomeSection } from './home-section';
import { Meta } from './meta';
import { CardImage } from './card-image';
import { BLOG, BLOG_AUTHOR, BLOG_COMMENTS } from '../content';

const ICONS = {
  author: 'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-5 0-9 2.5-9 5.5V22h18v-2.5c0-3-4-5.5-9-5.5z',
  comments: 'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 1-2z',
};

/** 'Latest news & articles directly from our blog': three static cards. */
export function LatestBlog() {
  const { t, tn } = useI18n();
  return (
    <HomeSection
      id="latest-blog"
      titleId="blog-title"
      title="Latest news & articles directly from our blog"
      className="bg-base-100"
    >
      <ul className="mt-10 grid gap-8 md:grid-cols-3">
        {BLOG.map((post) => (
          <li key={post.title}>
            <article className="card h-full overflow-hidden border border-base-200 bg-base-100 shadow-sm">
              <figure>
                <CardImage src={post.image} className="aspect-[8/5] w-full object-cover" />
              </figure>
              <div className="card-body gap-3">
                <p className="flex gap-4 text-sm text-base-content/80">
                  <Meta look="blog" icon={ICONS.author}>
                    {t(BLOG_AUTHOR)}
                  </Meta>
                  <Meta look="blog" icon={ICONS.comments}>
                    {tn('{{n}} Comments', BLOG_COMMENTS)}
                  </Meta>
                </p>
                <h3 className="card-title text-lg leading-snug">{t(post.title)}</h3>
                <p className="text-base-content/80">{t(post.text)}</p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
