import { INFO_PAGE_TITLES, type InfoTopic } from '@easyfund/shared/pages';

/** Short pages behind the footer's About Us and Useful Links. */
export interface InfoPage {
  title: string;
  sections: { heading?: string; text: string }[];
}

export const INFO_PAGES: Record<InfoTopic, InfoPage> = {
  about: {
    title: INFO_PAGE_TITLES.about,
    sections: [
      {
        text: 'Easy Fund is a charity crowdfunding site for Bangladesh. People in need, and the volunteers who stand by them, raise funds here; donors give in Tk by card.',
      },
      {
        heading: 'Verified raisers, approved funds',
        text: 'Only verified fund raisers can ask for a fund, and every fund is checked and approved by our team before it appears on Donate Now.',
      },
      {
        heading: 'Every taka counts',
        text: 'Each fund shows what it has raised, from how many donors, against its goal. Raisers withdraw money only after an admin approves the request.',
      },
    ],
  },
  terms: {
    title: INFO_PAGE_TITLES.terms,
    sections: [
      {
        text: 'By using Easy Fund you agree to give true information, to donate only with cards you may use, and to raise funds only for the purpose you describe.',
      },
      {
        heading: 'Fund raisers',
        text: 'A fund raiser must be verified, must use donations for the stated purpose and must answer our questions about it. We may refuse or stop a fund that breaks these terms.',
      },
      {
        heading: 'Donations',
        text: 'A donation goes to the fund you chose. Write to us through the contact page if a payment went wrong.',
      },
    ],
  },
  privacy: {
    title: INFO_PAGE_TITLES.privacy,
    sections: [
      {
        text: 'We keep your name, e-mail address and photo address to run your account, and the donations you make to show your history and the funds’ totals. For each login we keep the network address and browser it came from, to protect your account, until you log out or the login expires.',
      },
      {
        heading: 'Payments',
        text: 'Card numbers go to the payment provider, never to our servers. We keep the provider’s payment reference, the amount and the time. While a payment is under way we also keep the network address it came from, to stop card fraud, and delete it when the payment ends; how many payments from an address, or with one card or wallet, were declined is kept for a day, under a code made from the card or wallet number, never the number itself.',
      },
      {
        heading: 'Messages and newsletter',
        text: 'Messages you send through the contact form and newsletter subscriptions are read only by our admins. Write to us to have them removed.',
      },
    ],
  },
  cookies: {
    title: INFO_PAGE_TITLES.cookies,
    sections: [
      {
        text: 'We use one cookie: the session cookie that keeps you signed in. It cannot be read by scripts on the page and is removed when you log out.',
      },
      { text: 'We do not use advertising or tracking cookies.' },
    ],
  },
  help: {
    title: INFO_PAGE_TITLES.help,
    sections: [
      {
        heading: 'How do I donate?',
        text: 'Open Donate Now, choose a fund, pick an amount and press Donate. You need to be logged in to pay by card.',
      },
      {
        heading: 'How do I raise a fund?',
        text: 'Register, then apply to Be a Fund Raiser from your dashboard. Once an admin verifies you, you can request a fund.',
      },
      {
        heading: 'Still stuck?',
        text: 'Send us a message from the Contact Us page and we will answer by e-mail.',
      },
    ],
  },
  faq: {
    title: INFO_PAGE_TITLES.faq,
    sections: [
      {
        heading: 'Is there a minimum donation?',
        text: 'Yes: 10 Tk. The largest single donation is 10,00,000 Tk.',
      },
      {
        heading: 'Can I see where my money went?',
        text: 'Your dashboard lists every donation and payment you made, and each fund page shows the total it raised.',
      },
      {
        heading: 'Who approves funds?',
        text: 'Our admins check every fund request and every fund raiser before anything is published.',
      },
    ],
  },
};
