// The spec's messages of the login and registration forms (the login page, /system).

/** The answer to a failed login, the same for an unknown user and a wrong password. */
export const WRONG_CREDENTIALS_MESSAGE = 'Wrong Username or Password';
export const LOGIN_SUCCESS_MESSAGE = 'Login successful! Redirecting...';
export const REGISTRATION_SUCCESS_MESSAGE = 'Registration successful! Please login.';
export const ID_PLACEHOLDER_MESSAGE = 'Employee ID/Patient ID';
