/** Every user-facing text the specification fixes, word for word, in one place. */
export const MSG = {
  invalidEmail: 'Invalid email address',
  emailHint: 'Email is required and must be valid',
  password:
    'Password must be at least 6 characters long and contain at least one letter and one number',
  nameRequired: 'Name is required',
  photoRequired: 'PhotoURL is required',
  passwordMismatch: 'Both passord did not matched!',
  fieldRequired: 'This field is required',

  loginSuccess: 'Login Successfull',
  registerSuccess: 'Register Successfull',
  oops: 'Oops...',
  somethingWrong: 'Something went wrong!',
  paymentSuccess: 'Payment successfully',
  roleUpdated: 'Role updated',
  fundUpdated: 'Fund Updated Successfully',
  verificationUpdated: 'Verification Updated Successfully',
  deleted: 'Deleted!',
  deletedText: 'Your file has been deleted.',
  confirmTitle: 'Are you sure?',
  confirmText: "You won't be able to revert this!",
  confirmButton: 'Yes, delete it!',
  fundRequestSuccess: 'Fund Request Successful!!',
  verificationSuccess: 'Successful',
  verificationSuccessFooter: 'Wait until Admin Approve!!',
  loginFirst: 'You have to Login first',

  invalidCredentials: 'Invalid email or password',
} as const;

/* ---------- the contact form and the newsletter ----------
 * No zod in this module: the footer's newsletter form ships on every page, so it must
 * stay light. */

export const CONTACT_LIMITS = { name: 100, phone: 30, message: 5000 } as const;

export const CONTACT_MSG = {
  phone: 'Enter a valid phone number',
  messageTooLong: `Message must be at most ${CONTACT_LIMITS.message} characters`,
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.name} characters`,
  sent: 'Message sent',
  sentText: 'Thank you for writing to us. We will reply by e-mail soon.',
  subscribed: 'Thank you for subscribing!',
  alreadySubscribed: 'You are already subscribed. Thank you!',
  tryLater: 'Please try again later.',
} as const;
