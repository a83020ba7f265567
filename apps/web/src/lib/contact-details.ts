/** Our head office and contact details (placeholders until the real ones are known). */
export const CONTACT_DETAILS = {
  city: 'Dhaka',
  address: ['House 12, Road 5, Dhanmondi', 'Dhaka 1205, Bangladesh'],
  phone: '+880 1700-000000',
  phoneHref: 'tel:+8801700000000',
  email: 'hello@easyfund.example',
  hours: 'Sunday to Thursday, 9:00 - 17:00',
} as const;
