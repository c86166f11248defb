// The platform process's API as TypeScript types, generated from its OpenAPI document.
// Do not edit: `npm run sdk:generate` writes it again (docs/sdk.md).
export interface paths {
    "/api/v1/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register as an investor or issuer; a verification link goes to the address
         * @description Answers 202 with the same body whether the address was free or already has an account (no enumeration): a new account gets a verification link by email, the owner of an existing one an email saying someone tried. Sign in afterwards; deposits, subscriptions, orders and withdrawals wait for the verified address (EMAIL_NOT_VERIFIED).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        password: string;
                        /** @description investor or issuer; staff and admin are created by an admin */
                        role: string;
                        account_type?: "individual" | "corporate";
                        full_name?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            accepted: true;
                            message: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify your email address with the token of the link sent to it
         * @description The link works once and expires (EMAIL_VERIFY_LINK_HOURS).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            verified: boolean;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/email-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a new verification link to your address
         * @description At most one a minute and five a day (RATE_LIMITED, with retry_after_seconds); EMAIL_ALREADY_VERIFIED once verified.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sent: boolean;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password reset link by email
         * @description Answers 202 whether or not the address has an account; an account gets a link that works once within PASSWORD_RESET_LINK_MINUTES (at most one a minute, five a day).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            accepted: true;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the token of a reset link; every session ends */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                        new_password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            reset: boolean;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in with email and password
         * @description Answers a token pair, or, when the account has a second factor, a challenge to present with it to POST /api/v1/auth/login/factor.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                            refresh_token: string;
                            /** @enum {string} */
                            token_type: "Bearer";
                            /** @description seconds until the access token expires */
                            expires_in: number;
                        } | {
                            /** @enum {boolean} */
                            factor_required: true;
                            /** @description present it with a factor to POST /api/v1/auth/login/factor; single use */
                            challenge_token: string;
                            factors: ("totp" | "passkey" | "recovery_code")[];
                            /** @description seconds the challenge stays open */
                            expires_in: number;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login/factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A login's second step: the challenge and a factor
         * @description A code of the authenticator app, a recovery code (each works once), or a passkey (ask for its options first). Wrong, expired and replayed codes count as failed logins.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        challenge_token: string;
                        /** @description the authenticator app code (6 digits), or a recovery code */
                        code?: string;
                        passkey?: {
                            id: string;
                            rawId: string;
                            /** @enum {string} */
                            type: "public-key";
                            response: {
                                [key: string]: unknown;
                            };
                            clientExtensionResults: {
                                [key: string]: unknown;
                            };
                            authenticatorAttachment?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                            refresh_token: string;
                            /** @enum {string} */
                            token_type: "Bearer";
                            /** @description seconds until the access token expires */
                            expires_in: number;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login/passkey-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The WebAuthn options to answer a login's challenge with a passkey */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        challenge_token: string;
                    };
                };
            };
            responses: {
                /** @description PublicKeyCredentialRequestOptionsJSON, for @simplewebauthn/browser */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/step-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify your second factor again; a fresh access token carries it
         * @description Actions that move money or cannot be undone need a second factor verified in the session within the last few minutes (STEP_UP_REQUIRED); this verifies one. The refresh token is unchanged; refreshed tokens carry the new time too.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the authenticator app code (6 digits), or a recovery code */
                        code?: string;
                        passkey?: {
                            id: string;
                            rawId: string;
                            /** @enum {string} */
                            type: "public-key";
                            response: {
                                [key: string]: unknown;
                            };
                            clientExtensionResults: {
                                [key: string]: unknown;
                            };
                            authenticatorAttachment?: string;
                        };
                        /** @description with a passkey: the token of POST /api/v1/auth/step-up/passkey-options */
                        challenge_token?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                            /** @enum {string} */
                            token_type: "Bearer";
                            /** @description seconds until the access token expires */
                            expires_in: number;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/step-up/passkey-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The WebAuthn options to step up with a passkey, and the challenge to send back */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            challenge_token: string;
                            /** @description PublicKeyCredentialRequestOptionsJSON, for @simplewebauthn/browser */
                            options: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange a refresh token for a new pair (rotation) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        refresh_token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                            refresh_token: string;
                            /** @enum {string} */
                            token_type: "Bearer";
                            /** @description seconds until the access token expires */
                            expires_in: number;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change your password; your other sessions end
         * @description Needs the current password. The new one follows the password policy and must differ from the current one. Every other session (refresh token family) is revoked; this one stays.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        current_password: string;
                        new_password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            changed: boolean;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the session: its refresh and access tokens stop working */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            logged_out: boolean;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/factors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your second factors */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            totp: {
                                enrolled: boolean;
                                enrolled_at: string | null;
                            };
                            passkeys: {
                                id: string;
                                label: string;
                                /** Format: date-time */
                                created_at: string;
                                last_used_at: string | null;
                            }[];
                            recovery_codes_left: number;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/factors/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Begin enrolling an authenticator app: a secret to scan, pending until confirmed
         * @description The QR code (a PNG data URL) holds the otpauth:// URI. Asking again replaces a pending secret; an enrolled app must be removed first (FACTOR_ALREADY_ENROLLED).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description base32, to type in when a QR code cannot be read */
                            secret: string;
                            otpauth_uri: string;
                            qr_code: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/factors/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the authenticator app with its first code
         * @description The first factor comes with ten recovery codes, shown once. The code counts as a second factor for this session: the answer holds a fresh access token that says so.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        code: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            access_token: string;
                            /** @enum {string} */
                            token_type: "Bearer";
                            /** @description seconds until the access token expires */
                            expires_in: number;
                            /** @description one-time codes, shown this once: keep them somewhere safe */
                            recovery_codes: string[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/factors/totp/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove the authenticator app (needs a recent step-up)
         * @description Staff and admins cannot remove their last factor (FACTOR_REQUIRED_FOR_ROLE). The answer holds the notice sent to you (in-app and by email); the last factor gone, the recovery codes go with it.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            removed: boolean;
                            notice: {
                                title: string;
                                body: string;
                            };
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/factors/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** New recovery codes; the old ones stop working (needs a recent step-up) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description one-time codes, shown this once: keep them somewhere safe */
                            recovery_codes: string[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/factors/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The WebAuthn options to create a passkey, and the challenge to send back */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            challenge_token: string;
                            options: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/factors/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register the passkey the browser created
         * @description The first factor comes with ten recovery codes, shown once; the passkey counts as a second factor for this session (a fresh access token).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        challenge_token: string;
                        label: string;
                        credential: {
                            id: string;
                            rawId: string;
                            /** @enum {string} */
                            type: "public-key";
                            response: {
                                [key: string]: unknown;
                            };
                            clientExtensionResults: {
                                [key: string]: unknown;
                            };
                            authenticatorAttachment?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            access_token: string;
                            /** @enum {string} */
                            token_type: "Bearer";
                            /** @description seconds until the access token expires */
                            expires_in: number;
                            /** @description one-time codes, shown this once: keep them somewhere safe */
                            recovery_codes: string[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/factors/passkeys/{id}/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove a passkey (needs a recent step-up)
         * @description Staff and admins cannot remove their last factor (FACTOR_REQUIRED_FOR_ROLE). The answer holds the notice sent to you (in-app and by email).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            removed: boolean;
                            notice: {
                                title: string;
                                body: string;
                            };
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your open sessions, the latest seen first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                /** @description the browser and system, read from the user agent */
                                device: string;
                                user_agent: string;
                                /** @description the address the session signed in from */
                                ip: string;
                                /** @description how it signed in: pwd, otp, hwk */
                                amr: string[];
                                /** Format: date-time */
                                created_at: string;
                                /**
                                 * Format: date-time
                                 * @description its last sign-in, token refresh or step-up
                                 */
                                last_seen_at: string;
                                /** @description the session making this request */
                                current: boolean;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** End one of your sessions: its tokens stop working at once */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ended: boolean;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/sessions/end-others": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End every session but this one */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ended: number;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{id}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's open sessions */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                /** @description the browser and system, read from the user agent */
                                device: string;
                                user_agent: string;
                                /** @description the address the session signed in from */
                                ip: string;
                                /** @description how it signed in: pwd, otp, hwk */
                                amr: string[];
                                /** Format: date-time */
                                created_at: string;
                                /**
                                 * Format: date-time
                                 * @description its last sign-in, token refresh or step-up
                                 */
                                last_seen_at: string;
                                /** @description the session making this request */
                                current: boolean;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{id}/sessions/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End every session of a user (audited; needs a recent step-up) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ended: number;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            email: string;
                            role: "investor" | "issuer" | "staff" | "admin";
                            account_type: "individual" | "corporate" | null;
                            full_name: string | null;
                            kyc_status: string;
                            kyc_level: number;
                            kyb_status: string | null;
                            /** @description The identity document of the latest KYC application: as given (manual review) or as the provider captured it */
                            kyc_document_type: string | null;
                            /** @description The name as the provider read it from that document */
                            kyc_document_name: string | null;
                            accreditation_status: "retail" | "professional" | "institutional" | null;
                            fatca_status: string | null;
                            /** @description USD, decimal string */
                            fiat_balance: string;
                            wallet_address: string | null;
                            is_activated: boolean;
                            /** @description the user followed the link sent to their address (needed to move money or trade) */
                            email_verified: boolean;
                            /** @description true until the account replaces a password it was given (the first admin) */
                            password_change_required: boolean;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Users, newest first, by role, KYC status, part of the email, or id, email or name */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    role?: "investor" | "issuer" | "staff" | "admin";
                    kyc_status?: "none" | "pending" | "in_review" | "approved" | "rejected";
                    /** @description any part of the address */
                    email?: string;
                    /** @description a user id, or any part of the email, the name or the wallet address */
                    q?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                id: string;
                                email: string;
                                role: "investor" | "issuer" | "staff" | "admin";
                                account_type: "individual" | "corporate" | null;
                                full_name: string | null;
                                kyc_status: string;
                                kyc_level: number;
                                kyb_status: string | null;
                                /** @description The identity document of the latest KYC application: as given (manual review) or as the provider captured it */
                                kyc_document_type: string | null;
                                /** @description The name as the provider read it from that document */
                                kyc_document_name: string | null;
                                accreditation_status: "retail" | "professional" | "institutional" | null;
                                fatca_status: string | null;
                                /** @description USD, decimal string */
                                fiat_balance: string;
                                wallet_address: string | null;
                                is_activated: boolean;
                                /** @description the user followed the link sent to their address (needed to move money or trade) */
                                email_verified: boolean;
                                /** @description true until the account replaces a password it was given (the first admin) */
                                password_change_required: boolean;
                                /** Format: date-time */
                                created_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Create a staff or admin account: 202 proposed, for another admin to approve; 201 made at once when you are the only admin */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        password: string;
                        role: "staff" | "admin";
                        full_name?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            email: string;
                            role: "investor" | "issuer" | "staff" | "admin";
                            account_type: "individual" | "corporate" | null;
                            full_name: string | null;
                            kyc_status: string;
                            kyc_level: number;
                            kyb_status: string | null;
                            /** @description The identity document of the latest KYC application: as given (manual review) or as the provider captured it */
                            kyc_document_type: string | null;
                            /** @description The name as the provider read it from that document */
                            kyc_document_name: string | null;
                            accreditation_status: "retail" | "professional" | "institutional" | null;
                            fatca_status: string | null;
                            /** @description USD, decimal string */
                            fiat_balance: string;
                            wallet_address: string | null;
                            is_activated: boolean;
                            /** @description the user followed the link sent to their address (needed to move money or trade) */
                            email_verified: boolean;
                            /** @description true until the account replaces a password it was given (the first admin) */
                            password_change_required: boolean;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /**
                             * Format: uuid
                             * @description the account's id once it exists
                             */
                            user_id: string;
                            email: string;
                            full_name: string | null;
                            role: "staff" | "admin";
                            status: "proposed" | "approved" | "rejected" | "granted_alone";
                            /** Format: uuid */
                            proposed_by: string;
                            decided_by: string | null;
                            decided_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/user-refs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** People by id (name and email), for staff screens whose data names users by id only (surveillance alerts) */
        get: {
            parameters: {
                query: {
                    /** @description the user ids, the parameter repeated (?id=...&id=...) */
                    id: string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                email: string;
                                full_name: string | null;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/role-grants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Staff and admin accounts proposed and granted, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    status?: "proposed" | "approved" | "rejected" | "granted_alone";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                id: string;
                                /**
                                 * Format: uuid
                                 * @description the account's id once it exists
                                 */
                                user_id: string;
                                email: string;
                                full_name: string | null;
                                role: "staff" | "admin";
                                status: "proposed" | "approved" | "rejected" | "granted_alone";
                                /** Format: uuid */
                                proposed_by: string;
                                decided_by: string | null;
                                decided_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/role-grants/{id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve (the account is made) or reject a proposed staff or admin account */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        decision: "approve" | "reject";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /**
                             * Format: uuid
                             * @description the account's id once it exists
                             */
                            user_id: string;
                            email: string;
                            full_name: string | null;
                            role: "staff" | "admin";
                            status: "proposed" | "approved" | "rejected" | "granted_alone";
                            /** Format: uuid */
                            proposed_by: string;
                            decided_by: string | null;
                            decided_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your API keys, newest first, revoked ones included (never their secrets) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** Format: uuid */
                                id: string;
                                label: string;
                                /** @description sent as X-Tessera-Key */
                                access_key: string;
                                scopes: ("read" | "trade")[];
                                allowed_ips: string[];
                                expires_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                last_used_at: string | null;
                                revoked_at: string | null;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Create an API key; the answer holds its secret, shown this once */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description what the key is for, to tell keys apart */
                        label: string;
                        /** @description `read` (the GET routes open to keys), `trade` (place, amend, cancel orders) */
                        scopes: ("read" | "trade")[];
                        /** @description addresses or CIDR ranges (IPv4 or IPv6) the key may be used from; none: any */
                        allowed_ips?: string[];
                        /**
                         * Format: date-time
                         * @description when the key stops working; none: it works until revoked
                         */
                        expires_at?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            label: string;
                            /** @description sent as X-Tessera-Key */
                            access_key: string;
                            scopes: ("read" | "trade")[];
                            allowed_ips: string[];
                            expires_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            last_used_at: string | null;
                            revoked_at: string | null;
                        } & {
                            /** @description the signing secret: shown this once, never again */
                            secret: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key: refused on every process and trading node within a second */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            label: string;
                            /** @description sent as X-Tessera-Key */
                            access_key: string;
                            scopes: ("read" | "trade")[];
                            allowed_ips: string[];
                            expires_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                            last_used_at: string | null;
                            revoked_at: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/fix-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** FIX sessions, newest first, disabled ones included; of one user with user_id */
        get: {
            parameters: {
                query?: {
                    user_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** Format: uuid */
                                id: string;
                                /** Format: uuid */
                                user_id: string;
                                /** Format: uuid */
                                api_key_id: string;
                                sender_comp_id: string;
                                target_comp_id: string;
                                kind: "order_entry" | "drop_copy";
                                scope: "own" | "venue";
                                allowed_ips: string[];
                                /** Format: date-time */
                                created_at: string;
                                disabled_at: string | null;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Set up a FIX session for a user, logging on with one of the user's API keys */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        user_id: string;
                        /**
                         * Format: uuid
                         * @description the user's API key the Logon signs with (order entry needs its trade scope)
                         */
                        api_key_id: string;
                        /** @description the client's CompID (SenderCompID it sends) */
                        sender_comp_id: string;
                        /** @description Tessera's CompID (TargetCompID it sends) */
                        target_comp_id: string;
                        kind: "order_entry" | "drop_copy";
                        /** @description whose orders it reports: the user's (own, the default) or every order of the venue (venue: a drop copy of a staff or admin user only) */
                        scope?: "own" | "venue";
                        /** @description addresses or CIDR ranges the client may connect from; none: any */
                        allowed_ips?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            user_id: string;
                            /** Format: uuid */
                            api_key_id: string;
                            sender_comp_id: string;
                            target_comp_id: string;
                            kind: "order_entry" | "drop_copy";
                            scope: "own" | "venue";
                            allowed_ips: string[];
                            /** Format: date-time */
                            created_at: string;
                            disabled_at: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/fix-sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Disable a FIX session: its next Logon is refused, a connected one is ended */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            user_id: string;
                            /** Format: uuid */
                            api_key_id: string;
                            sender_comp_id: string;
                            target_comp_id: string;
                            kind: "order_entry" | "drop_copy";
                            scope: "own" | "venue";
                            allowed_ips: string[];
                            /** Format: date-time */
                            created_at: string;
                            disabled_at: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your notifications, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    unread?: boolean;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                id: string;
                                kind: string;
                                title: string;
                                body: string;
                                read_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notifications/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark one of your notifications read */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            read: boolean;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/notification-preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which kinds of notification also come by email
         * @description Every notification lands in the in-app list. Security notices, agent actions on your account or holdings and registration attempts with your address always come by email (required: true).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            preferences: {
                                kind: "kyc.decided" | "kyb.decided" | "payment.confirmed" | "tokens.minted" | "order.filled" | "settlement.failed" | "dividend.paid" | "debt.funding_short" | "debt.redeemed" | "debt.burn_failed" | "agent_action" | "meeting.decided" | "meeting.convened" | "meeting.results" | "security.password_changed" | "security.factor_changed" | "security.recovery_codes" | "security.new_device" | "security.sessions_ended" | "security.api_key_created" | "security.api_key_revoked" | "account.registration_attempt";
                                email: boolean;
                                required: boolean;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /**
         * Choose which kinds of notification come by email
         * @description Kinds not listed keep their choice. Turning off a required kind is refused (NOTIFICATION_REQUIRED).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        preferences: {
                            kind: "kyc.decided" | "kyb.decided" | "payment.confirmed" | "tokens.minted" | "order.filled" | "settlement.failed" | "dividend.paid" | "debt.funding_short" | "debt.redeemed" | "debt.burn_failed" | "agent_action" | "meeting.decided" | "meeting.convened" | "meeting.results" | "security.password_changed" | "security.factor_changed" | "security.recovery_codes" | "security.new_device" | "security.sessions_ended" | "security.api_key_created" | "security.api_key_revoked" | "account.registration_attempt";
                            email: boolean;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            preferences: {
                                kind: "kyc.decided" | "kyb.decided" | "payment.confirmed" | "tokens.minted" | "order.filled" | "settlement.failed" | "dividend.paid" | "debt.funding_short" | "debt.redeemed" | "debt.burn_failed" | "agent_action" | "meeting.decided" | "meeting.convened" | "meeting.results" | "security.password_changed" | "security.factor_changed" | "security.recovery_codes" | "security.new_device" | "security.sessions_ended" | "security.api_key_created" | "security.api_key_revoked" | "account.registration_attempt";
                                email: boolean;
                                required: boolean;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kyc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit a KYC application for manual review */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        full_name: string;
                        /**
                         * @description ISO 3166-1 alpha-2 or alpha-3
                         * @example AE
                         * @example DEU
                         */
                        nationality: string;
                        /**
                         * Format: date
                         * @description YYYY-MM-DD
                         */
                        date_of_birth: string;
                        document_type: "passport" | "emirates_id" | "national_id" | "drivers_license";
                        document_number: string;
                        address_line1?: string;
                        address_line2?: string;
                        city?: string;
                        postal_code?: string;
                        /**
                         * @description ISO 3166-1 alpha-2 or alpha-3
                         * @example AE
                         * @example DEU
                         */
                        country_of_residence?: string;
                        /** @description documents uploaded with POST /api/v1/documents, sent with this */
                        document_ids?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            user_id: string;
                            status: string;
                            verification_provider: string;
                            full_name: string;
                            nationality: string;
                            date_of_birth: string | null;
                            document_type: string | null;
                            document_name: string | null;
                            kyc_level: number | null;
                            provider_applicant_id: string | null;
                            reject_labels: string[] | null;
                            rejection_reason: string | null;
                            review_notes: string | null;
                            reviewed_by: string | null;
                            reviewed_at: string | null;
                            revoked_at: string | null;
                            can_resubmit: boolean;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kyc/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start verification with the identity provider
         * @description Creates the provider applicant (external user id = your user id); then complete the steps in the widget (GET /api/v1/kyc/provider-token).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        first_name: string;
                        last_name: string;
                        /**
                         * Format: date
                         * @description YYYY-MM-DD
                         */
                        date_of_birth: string;
                        /**
                         * @description ISO 3166-1 alpha-2 or alpha-3
                         * @example AE
                         * @example DEU
                         */
                        nationality: string;
                        /**
                         * @description ISO 3166-1 alpha-2 or alpha-3
                         * @example AE
                         * @example DEU
                         */
                        country_of_residence?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            applicantId: string;
                            application: {
                                id: string;
                                user_id: string;
                                status: string;
                                verification_provider: string;
                                full_name: string;
                                nationality: string;
                                date_of_birth: string | null;
                                document_type: string | null;
                                document_name: string | null;
                                kyc_level: number | null;
                                provider_applicant_id: string | null;
                                reject_labels: string[] | null;
                                rejection_reason: string | null;
                                review_notes: string | null;
                                reviewed_by: string | null;
                                reviewed_at: string | null;
                                revoked_at: string | null;
                                can_resubmit: boolean;
                                created_at: string;
                            };
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kyc/provider-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An SDK access token for the provider's widget */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            token: string;
                            widget_url: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kyc/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your KYC status and latest application */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            status: string;
                            kyc_level: number;
                            accreditation_status: string | null;
                            fatca_status: string | null;
                            can_submit: boolean;
                            application: {
                                id: string;
                                user_id: string;
                                status: string;
                                verification_provider: string;
                                full_name: string;
                                nationality: string;
                                date_of_birth: string | null;
                                document_type: string | null;
                                document_name: string | null;
                                kyc_level: number | null;
                                provider_applicant_id: string | null;
                                reject_labels: string[] | null;
                                rejection_reason: string | null;
                                review_notes: string | null;
                                reviewed_by: string | null;
                                reviewed_at: string | null;
                                revoked_at: string | null;
                                can_resubmit: boolean;
                                created_at: string;
                            } | null;
                            /** @description where the latest application stands; a provider application follows the provider's live state */
                            stage: ("created" | "documents_pending" | "submitted" | "in_review" | "decided") | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What you may do now, and which verification is missing for the rest */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            view_portfolio: {
                                allowed: boolean;
                                missing: string | null;
                            };
                            place_orders: {
                                allowed: boolean;
                                missing: string | null;
                            };
                            subscribe: {
                                allowed: boolean;
                                missing: string | null;
                            };
                            move_fiat: {
                                allowed: boolean;
                                missing: string | null;
                            };
                            withdraw_fiat: {
                                allowed: boolean;
                                missing: string | null;
                            };
                            receive_dividends: {
                                allowed: boolean;
                                missing: string | null;
                            };
                            register_business: {
                                allowed: boolean;
                                missing: string | null;
                            };
                            issuer_actions: {
                                allowed: boolean;
                                missing: string | null;
                            };
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/kyc/{id}/provider-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The provider's current review of the application (to reconcile a missed webhook) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            applicant_id: string;
                            review_status: string;
                            review_answer: string | null;
                            reject_labels: string[];
                            reject_type: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/kyc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** KYC applications in submission order (no document numbers) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    /** @description waiting: pending and in review (every application not yet decided) */
                    status?: "waiting" | "pending" | "in_review" | "approved" | "rejected";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                user_id: string;
                                email: string;
                                status: string;
                                verification_provider: string;
                                full_name: string;
                                nationality: string;
                                document_type: string | null;
                                submitted_at: string;
                                reviewed_at: string | null;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/kyc/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One application in full, with the documents sent and the screening result; the first access starts its review */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            user_id: string;
                            status: string;
                            verification_provider: string;
                            full_name: string;
                            nationality: string;
                            date_of_birth: string | null;
                            document_type: string | null;
                            document_name: string | null;
                            kyc_level: number | null;
                            provider_applicant_id: string | null;
                            reject_labels: string[] | null;
                            rejection_reason: string | null;
                            review_notes: string | null;
                            reviewed_by: string | null;
                            reviewed_at: string | null;
                            revoked_at: string | null;
                            can_resubmit: boolean;
                            created_at: string;
                        } & {
                            email: string;
                            document_number: string | null;
                            address_line1: string | null;
                            address_line2: string | null;
                            city: string | null;
                            postal_code: string | null;
                            country_of_residence: string | null;
                            /** @description the images sent with a manual application (GET /admin/documents/:id) */
                            documents: {
                                id: string;
                                purpose: string;
                                content_type: string;
                                size_bytes: number;
                                sha256: string;
                                created_at: string;
                                /** @description kept until then (retention policy), then purged */
                                retain_until: string;
                            }[];
                            /** @description the provider's screening: each list clear, hit or not screened */
                            screening: {
                                screened_by: "provider" | null;
                                sanctions: "clear" | "hit" | "not_screened";
                                pep: "clear" | "hit" | "not_screened";
                                adverse_media: "clear" | "hit" | "not_screened";
                                labels: string[];
                            };
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/kyc/{id}/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve or reject a KYC application */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        decision: "approve" | "reject";
                        /** @description default 2 on approve */
                        kyc_level?: number;
                        review_notes?: string;
                        rejection_reason?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            user_id: string;
                            status: string;
                            verification_provider: string;
                            full_name: string;
                            nationality: string;
                            date_of_birth: string | null;
                            document_type: string | null;
                            document_name: string | null;
                            kyc_level: number | null;
                            provider_applicant_id: string | null;
                            reject_labels: string[] | null;
                            rejection_reason: string | null;
                            review_notes: string | null;
                            reviewed_by: string | null;
                            reviewed_at: string | null;
                            revoked_at: string | null;
                            can_resubmit: boolean;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Staff notifications (what awaits review or a decision), newest first
         * @description Kinds: kyc.submitted, kyb.submitted (applications awaiting review), fiat.deposit_pending (a deposit awaiting confirmation), business.awaiting_activation (KYB approved, not active yet), chain.transaction_undecided and chain.transaction_stalled (a chain transaction that lost its block and could not be driven again, or has no receipt for too long: check the chain).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    unread?: boolean;
                    kind?: "kyc.submitted" | "kyb.submitted" | "classification.submitted" | "fiat.deposit_pending" | "business.awaiting_activation" | "holder.country_restricted" | "staff.role_proposed" | "staff.role_granted" | "chain.transaction_undecided" | "chain.transaction_stalled";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                kind: string;
                                subject_type: string;
                                subject_id: string;
                                message: string;
                                read_at: string | null;
                                created_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/notifications/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a notification read */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            read: boolean;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a document (identity document image, selfie, evidence): kept sealed, read by staff only; send it with a KYC application or a classification */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        purpose: "identity_front" | "identity_back" | "selfie" | "evidence";
                        content_type: "image/jpeg" | "image/png" | "application/pdf";
                        /** @description the file in base64, at most 4 MB */
                        data: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            purpose: string;
                            content_type: string;
                            size_bytes: number;
                            sha256: string;
                            created_at: string;
                            /** @description kept until then (retention policy), then purged */
                            retain_until: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/documents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A document sent for review, the file itself (each opening is audited) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/classification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your investor classification, the limits it sets (USD), your requests and the criteria of each tier */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            tier: "retail" | "professional" | "institutional";
                            kyc_approved: boolean;
                            limits: {
                                tier: "retail" | "professional" | "institutional";
                                /** @description the largest subscription, USD */
                                subscription_usd: string;
                                /** @description the largest buy order's value, USD */
                                buy_order_usd: string;
                                text: string;
                            };
                            requests: {
                                id: string;
                                tier: "retail" | "professional" | "institutional";
                                criteria: {
                                    key: string;
                                    text: string;
                                }[];
                                statement: string | null;
                                status: string;
                                review_note: string | null;
                                reviewed_at: string | null;
                                created_at: string;
                            }[];
                            /** @description by tier, the criteria an investor certifies (key: text) */
                            criteria: {
                                retail: {
                                    [key: string]: string;
                                };
                                professional: {
                                    [key: string]: string;
                                };
                                institutional: {
                                    [key: string]: string;
                                };
                            };
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Certify your classification: retail is in force at once; professional or institutional names a criterion, with its evidence, for staff to review */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        tier: "retail" | "professional" | "institutional";
                        criteria?: string[];
                        statement?: string;
                        /** @description documents uploaded with POST /api/v1/documents, sent with this */
                        evidence_document_ids?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            tier: "retail" | "professional" | "institutional";
                            criteria: {
                                key: string;
                                text: string;
                            }[];
                            statement: string | null;
                            status: string;
                            review_note: string | null;
                            reviewed_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/classifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Investor classifications (status=pending by default: the work queue), with their evidence */
        get: {
            parameters: {
                query?: {
                    status?: "pending" | "approved" | "rejected";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                tier: "retail" | "professional" | "institutional";
                                criteria: {
                                    key: string;
                                    text: string;
                                }[];
                                statement: string | null;
                                status: string;
                                review_note: string | null;
                                reviewed_at: string | null;
                                created_at: string;
                                user_id: string;
                                email: string;
                                full_name: string | null;
                                kyc_status: string;
                                kyc_level: number;
                                evidence: {
                                    id: string;
                                    purpose: string;
                                    content_type: string;
                                    size_bytes: number;
                                    sha256: string;
                                    created_at: string;
                                    /** @description kept until then (retention policy), then purged */
                                    retain_until: string;
                                }[];
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/classifications/{id}/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a classification (the investor's limits follow, capped by their KYC level) or reject it with a note they read */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        decision: "approve" | "reject";
                        note?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            tier: "retail" | "professional" | "institutional";
                            criteria: {
                                key: string;
                                text: string;
                            }[];
                            statement: string | null;
                            status: string;
                            review_note: string | null;
                            reviewed_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kyb/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start company verification with the identity provider (after your KYC)
         * @description Creates the company applicant and one beneficiary applicant per owner; each owner completes KYC through the provider.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description an existing business of yours; omitted: a new one is created
                         */
                        business_id?: string;
                        company_name: string;
                        registration_number: string;
                        /**
                         * @description ISO 3166-1 alpha-2 or alpha-3
                         * @example AE
                         * @example DEU
                         */
                        country: string;
                        industry?: string;
                        owners: {
                            first_name: string;
                            last_name: string;
                            /** @description percent of the business held */
                            ownership_pct: number | string;
                            role: "ubo" | "shareholder" | "director" | "primary_contact";
                            /**
                             * @description ISO 3166-1 alpha-2 or alpha-3
                             * @example AE
                             * @example DEU
                             */
                            nationality: string;
                            /**
                             * Format: date
                             * @description YYYY-MM-DD
                             */
                            date_of_birth?: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            companyApplicantId: string;
                            kyb_application: {
                                id: string;
                                business_id: string;
                                business_name: string;
                                kind: string;
                                status: string;
                                kyb_status: string;
                                verification_provider: string;
                                provider_applicant_id: string | null;
                                review_answer: string | null;
                                reject_labels: string[] | null;
                                rejection_reason: string | null;
                                review_notes: string | null;
                                reviewed_by: string | null;
                                reviewed_at: string | null;
                                owners: {
                                    id: string;
                                    first_name: string;
                                    last_name: string;
                                    ownership_pct: string;
                                    role: string;
                                    nationality: string;
                                    required: boolean;
                                    kyc_status: string;
                                    provider_applicant_id: string | null;
                                    reject_labels: string[] | null;
                                }[];
                                created_at: string;
                            };
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kyb": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit company verification for manual review by staff */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description an existing business of yours; omitted: a new one is created
                         */
                        business_id?: string;
                        company_name: string;
                        registration_number: string;
                        /**
                         * @description ISO 3166-1 alpha-2 or alpha-3
                         * @example AE
                         * @example DEU
                         */
                        country: string;
                        industry?: string;
                        owners: {
                            first_name: string;
                            last_name: string;
                            /** @description percent of the business held */
                            ownership_pct: number | string;
                            role: "ubo" | "shareholder" | "director" | "primary_contact";
                            /**
                             * @description ISO 3166-1 alpha-2 or alpha-3
                             * @example AE
                             * @example DEU
                             */
                            nationality: string;
                            /**
                             * Format: date
                             * @description YYYY-MM-DD
                             */
                            date_of_birth?: string;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            business_id: string;
                            business_name: string;
                            kind: string;
                            status: string;
                            kyb_status: string;
                            verification_provider: string;
                            provider_applicant_id: string | null;
                            review_answer: string | null;
                            reject_labels: string[] | null;
                            rejection_reason: string | null;
                            review_notes: string | null;
                            reviewed_by: string | null;
                            reviewed_at: string | null;
                            owners: {
                                id: string;
                                first_name: string;
                                last_name: string;
                                ownership_pct: string;
                                role: string;
                                nationality: string;
                                required: boolean;
                                kyc_status: string;
                                provider_applicant_id: string | null;
                                reject_labels: string[] | null;
                            }[];
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kyb/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your companies’ KYB applications, newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                business_id: string;
                                business_name: string;
                                kind: string;
                                status: string;
                                kyb_status: string;
                                verification_provider: string;
                                provider_applicant_id: string | null;
                                review_answer: string | null;
                                reject_labels: string[] | null;
                                rejection_reason: string | null;
                                review_notes: string | null;
                                reviewed_by: string | null;
                                reviewed_at: string | null;
                                owners: {
                                    id: string;
                                    first_name: string;
                                    last_name: string;
                                    ownership_pct: string;
                                    role: string;
                                    nationality: string;
                                    required: boolean;
                                    kyc_status: string;
                                    provider_applicant_id: string | null;
                                    reject_labels: string[] | null;
                                }[];
                                created_at: string;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/kyb/provider-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An SDK access token for the company's widget */
        get: {
            parameters: {
                query: {
                    business_id: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            token: string;
                            widget_url: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/kyb": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** KYB applications in submission order */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    status?: "pending" | "in_review" | "approved" | "rejected";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                business_id: string;
                                business_name: string;
                                kind: string;
                                status: string;
                                kyb_status: string;
                                verification_provider: string;
                                provider_applicant_id: string | null;
                                review_answer: string | null;
                                reject_labels: string[] | null;
                                rejection_reason: string | null;
                                review_notes: string | null;
                                reviewed_by: string | null;
                                reviewed_at: string | null;
                                owners: {
                                    id: string;
                                    first_name: string;
                                    last_name: string;
                                    ownership_pct: string;
                                    role: string;
                                    nationality: string;
                                    required: boolean;
                                    kyc_status: string;
                                    provider_applicant_id: string | null;
                                    reject_labels: string[] | null;
                                }[];
                                created_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/businesses/{id}/kyb-review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve or reject a business's KYB manually */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        decision: "approve" | "reject";
                        review_notes?: string;
                        rejection_reason?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            business_id: string;
                            business_name: string;
                            kind: string;
                            status: string;
                            kyb_status: string;
                            verification_provider: string;
                            provider_applicant_id: string | null;
                            review_answer: string | null;
                            reject_labels: string[] | null;
                            rejection_reason: string | null;
                            review_notes: string | null;
                            reviewed_by: string | null;
                            reviewed_at: string | null;
                            owners: {
                                id: string;
                                first_name: string;
                                last_name: string;
                                ownership_pct: string;
                                role: string;
                                nationality: string;
                                required: boolean;
                                kyc_status: string;
                                provider_applicant_id: string | null;
                                reject_labels: string[] | null;
                            }[];
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/fiat/bank-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bank account your withdrawals are paid to (null: none on file) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            bank_account: {
                                id: string;
                                holder_name: string;
                                scheme: "iban" | "local";
                                /** @description its last four characters */
                                account: string;
                                bank_code: string | null;
                                country: string;
                                verified_at: string | null;
                                created_at: string;
                            } | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /**
         * Put a bank account on file for withdrawals (an IBAN, or an account number with its bank code); it replaces the last
         * @description Needs a second factor verified in the last few minutes (STEP_UP_REQUIRED; MFA_REQUIRED without one enrolled), as a withdrawal does.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the account holder's name, as the bank has it */
                        holder_name: string;
                        /** @description an IBAN (spaces allowed); or the next two */
                        iban?: string;
                        /** @description a local account number */
                        account_number?: string;
                        /** @description the local account's bank: a BIC or a US routing number */
                        bank_code?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            holder_name: string;
                            scheme: "iban" | "local";
                            /** @description its last four characters */
                            account: string;
                            bank_code: string | null;
                            country: string;
                            verified_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/fiat/deposits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your deposits, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                user_id: string;
                                amount: string;
                                status: "requested" | "confirmed" | "rejected";
                                decision_reason: string | null;
                                payment_reference: string | null;
                                bank_reference: string | null;
                                bank_account: {
                                    holder_name: string;
                                    /** @description the IBAN or account number: whole for staff, its last four for the investor */
                                    account: string;
                                    bank_code: string | null;
                                    country: string;
                                    /** @description a payout to this account was made before */
                                    verified: boolean;
                                    /** @description staff: the holder's name is the investor's verified name */
                                    holder_is_investor?: boolean;
                                } | null;
                                decided_at: string | null;
                                created_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Announce a deposit; an admin confirms it once the money arrived */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description decimal string > 0, at most 2 decimals, below 1,000,000,000 (e.g. "250.00")
                         * @example 250.00
                         */
                        amount: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            user_id: string;
                            amount: string;
                            status: "requested" | "confirmed" | "rejected";
                            decision_reason: string | null;
                            payment_reference: string | null;
                            bank_reference: string | null;
                            bank_account: {
                                holder_name: string;
                                /** @description the IBAN or account number: whole for staff, its last four for the investor */
                                account: string;
                                bank_code: string | null;
                                country: string;
                                /** @description a payout to this account was made before */
                                verified: boolean;
                                /** @description staff: the holder's name is the investor's verified name */
                                holder_is_investor?: boolean;
                            } | null;
                            decided_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/fiat/deposits/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of your deposits */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            user_id: string;
                            amount: string;
                            status: "requested" | "confirmed" | "rejected";
                            decision_reason: string | null;
                            payment_reference: string | null;
                            bank_reference: string | null;
                            bank_account: {
                                holder_name: string;
                                /** @description the IBAN or account number: whole for staff, its last four for the investor */
                                account: string;
                                bank_code: string | null;
                                country: string;
                                /** @description a payout to this account was made before */
                                verified: boolean;
                                /** @description staff: the holder's name is the investor's verified name */
                                holder_is_investor?: boolean;
                            } | null;
                            decided_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/fiat/withdrawals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your withdrawals, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                user_id: string;
                                amount: string;
                                status: "held" | "paid" | "released";
                                decision_reason: string | null;
                                payment_reference: string | null;
                                bank_reference: string | null;
                                bank_account: {
                                    holder_name: string;
                                    /** @description the IBAN or account number: whole for staff, its last four for the investor */
                                    account: string;
                                    bank_code: string | null;
                                    country: string;
                                    /** @description a payout to this account was made before */
                                    verified: boolean;
                                    /** @description staff: the holder's name is the investor's verified name */
                                    holder_is_investor?: boolean;
                                } | null;
                                decided_at: string | null;
                                created_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Request a withdrawal; the amount is held from your balance until an admin decides */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description decimal string > 0, at most 2 decimals, below 1,000,000,000 (e.g. "250.00")
                         * @example 250.00
                         */
                        amount: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            user_id: string;
                            amount: string;
                            status: "held" | "paid" | "released";
                            decision_reason: string | null;
                            payment_reference: string | null;
                            bank_reference: string | null;
                            bank_account: {
                                holder_name: string;
                                /** @description the IBAN or account number: whole for staff, its last four for the investor */
                                account: string;
                                bank_code: string | null;
                                country: string;
                                /** @description a payout to this account was made before */
                                verified: boolean;
                                /** @description staff: the holder's name is the investor's verified name */
                                holder_is_investor?: boolean;
                            } | null;
                            decided_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/fiat/withdrawals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of your withdrawals */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            user_id: string;
                            amount: string;
                            status: "held" | "paid" | "released";
                            decision_reason: string | null;
                            payment_reference: string | null;
                            bank_reference: string | null;
                            bank_account: {
                                holder_name: string;
                                /** @description the IBAN or account number: whole for staff, its last four for the investor */
                                account: string;
                                bank_code: string | null;
                                country: string;
                                /** @description a payout to this account was made before */
                                verified: boolean;
                                /** @description staff: the holder's name is the investor's verified name */
                                holder_is_investor?: boolean;
                            } | null;
                            decided_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/fiat/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every movement of your fiat balance, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                kind: string;
                                /** @description signed: credits positive, debits negative */
                                amount: string;
                                balance_after: string;
                                reference_type: string;
                                reference_id: string;
                                created_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/fiat/deposits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Deposits, oldest first (status=requested is the work queue) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    status?: "requested" | "confirmed" | "rejected";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                user_id: string;
                                amount: string;
                                status: "requested" | "confirmed" | "rejected";
                                decision_reason: string | null;
                                payment_reference: string | null;
                                bank_reference: string | null;
                                bank_account: {
                                    holder_name: string;
                                    /** @description the IBAN or account number: whole for staff, its last four for the investor */
                                    account: string;
                                    bank_code: string | null;
                                    country: string;
                                    /** @description a payout to this account was made before */
                                    verified: boolean;
                                    /** @description staff: the holder's name is the investor's verified name */
                                    holder_is_investor?: boolean;
                                } | null;
                                decided_at: string | null;
                                created_at: string;
                                email: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/fiat/withdrawals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Withdrawals, oldest first (status=held is the work queue) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    status?: "held" | "paid" | "released";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                user_id: string;
                                amount: string;
                                status: "held" | "paid" | "released";
                                decision_reason: string | null;
                                payment_reference: string | null;
                                bank_reference: string | null;
                                bank_account: {
                                    holder_name: string;
                                    /** @description the IBAN or account number: whole for staff, its last four for the investor */
                                    account: string;
                                    bank_code: string | null;
                                    country: string;
                                    /** @description a payout to this account was made before */
                                    verified: boolean;
                                    /** @description staff: the holder's name is the investor's verified name */
                                    holder_is_investor?: boolean;
                                } | null;
                                decided_at: string | null;
                                created_at: string;
                                email: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/fiat/deposits/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm a deposit: credit the balance (with the bank's reference of the transfer) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the bank's reference of the transfer: the one received (deposit) or sent (withdrawal) */
                        bank_reference?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            user_id: string;
                            amount: string;
                            status: "requested" | "confirmed" | "rejected";
                            decision_reason: string | null;
                            payment_reference: string | null;
                            bank_reference: string | null;
                            bank_account: {
                                holder_name: string;
                                /** @description the IBAN or account number: whole for staff, its last four for the investor */
                                account: string;
                                bank_code: string | null;
                                country: string;
                                /** @description a payout to this account was made before */
                                verified: boolean;
                                /** @description staff: the holder's name is the investor's verified name */
                                holder_is_investor?: boolean;
                            } | null;
                            decided_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/fiat/deposits/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a deposit: nothing is credited */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            user_id: string;
                            amount: string;
                            status: "requested" | "confirmed" | "rejected";
                            decision_reason: string | null;
                            payment_reference: string | null;
                            bank_reference: string | null;
                            bank_account: {
                                holder_name: string;
                                /** @description the IBAN or account number: whole for staff, its last four for the investor */
                                account: string;
                                bank_code: string | null;
                                country: string;
                                /** @description a payout to this account was made before */
                                verified: boolean;
                                /** @description staff: the holder's name is the investor's verified name */
                                holder_is_investor?: boolean;
                            } | null;
                            decided_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/fiat/withdrawals/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a withdrawal: paid out (with the bank's reference of the payout) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the bank's reference of the transfer: the one received (deposit) or sent (withdrawal) */
                        bank_reference?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            user_id: string;
                            amount: string;
                            status: "held" | "paid" | "released";
                            decision_reason: string | null;
                            payment_reference: string | null;
                            bank_reference: string | null;
                            bank_account: {
                                holder_name: string;
                                /** @description the IBAN or account number: whole for staff, its last four for the investor */
                                account: string;
                                bank_code: string | null;
                                country: string;
                                /** @description a payout to this account was made before */
                                verified: boolean;
                                /** @description staff: the holder's name is the investor's verified name */
                                holder_is_investor?: boolean;
                            } | null;
                            decided_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/fiat/withdrawals/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a withdrawal: the hold is released */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            user_id: string;
                            amount: string;
                            status: "held" | "paid" | "released";
                            decision_reason: string | null;
                            payment_reference: string | null;
                            bank_reference: string | null;
                            bank_account: {
                                holder_name: string;
                                /** @description the IBAN or account number: whole for staff, its last four for the investor */
                                account: string;
                                bank_code: string | null;
                                country: string;
                                /** @description a payout to this account was made before */
                                verified: boolean;
                                /** @description staff: the holder's name is the investor's verified name */
                                holder_is_investor?: boolean;
                            } | null;
                            decided_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/portfolio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your fiat balance and holds, token wallets, allocations, dividends and wallet address */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description available fiat */
                            fiat_balance: string;
                            /** @description withdrawals held until an admin decides */
                            fiat_held_withdrawals: string;
                            /** @description paid into subscriptions awaiting payment confirmation */
                            fiat_held_subscriptions: string;
                            /** @description trading fees paid, all time (the seller pays each trade's fee) */
                            trading_fees_paid: string;
                            wallet_address: string | null;
                            wallet_custody: "custodial" | "self" | null;
                            wallets: {
                                token_id: string;
                                symbol: string;
                                name: string;
                                status: string;
                                contract_address: string | null;
                                balance: number;
                                locked_balance: number;
                                /** @description the token's agent froze the holding: no order to buy or sell it */
                                address_frozen: boolean;
                                /** @description units the token's agent froze */
                                frozen_quantity: number;
                            }[];
                            allocations: {
                                id: string;
                                token_id: string;
                                symbol: string;
                                allocation_type: string;
                                quantity: number;
                                amount: string;
                                price_per_token: string;
                                status: string;
                                on_chain_status: string;
                                on_chain_tx_hash: string | null;
                                on_chain_error: string | null;
                                created_at: string;
                            }[];
                            /** @description balances in other currencies, e.g. USDC paid by stablecoin dividends */
                            balances: {
                                currency: string;
                                balance: string;
                            }[];
                            /** @description your latest 20 dividend payments */
                            dividends: {
                                id: string;
                                dividend_id: string;
                                token_id: string;
                                symbol: string;
                                dividend_type: string;
                                net_amount: string;
                                quantity: number;
                                status: string;
                                paid_at: string | null;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your wallet address and who holds its key (null until first needed or linked) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            wallet_address: string | null;
                            wallet_custody: "custodial" | "self" | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/custodial": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Get a custodial wallet now (the platform holds its key); a wallet you have is kept */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            wallet_address: string | null;
                            wallet_custody: "custodial" | "self" | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A challenge to sign with the wallet you want to link (replaces an earlier one) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description sign exactly this text (EIP-191 personal_sign) */
                            message: string;
                            nonce: string;
                            /** Format: date-time */
                            expires_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Link a self-custody address by its signature of your challenge */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        address: string;
                        /** @description 65-byte personal_sign signature of the challenge message */
                        signature: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            wallet_address: string | null;
                            wallet_custody: "custodial" | "self" | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/recovery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where the recovery of your lost wallet stands */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            wallet_address: string | null;
                            new_address: string | null;
                            linked_at: string | null;
                            recovery: {
                                id: string;
                                status: "proposed" | "rejected" | "pending" | "done" | "failed";
                                old_address: string;
                                new_address: string;
                                /** Format: date-time */
                                created_at: string;
                                decided_at: string | null;
                            } | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Lost your wallet key: give the new address, signed with its key (your challenge); staff then recover */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        address: string;
                        /** @description 65-byte personal_sign signature of the challenge message */
                        signature: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            wallet_address: string | null;
                            new_address: string | null;
                            linked_at: string | null;
                            recovery: {
                                id: string;
                                status: "proposed" | "rejected" | "pending" | "done" | "failed";
                                old_address: string;
                                new_address: string;
                                /** Format: date-time */
                                created_at: string;
                                decided_at: string | null;
                            } | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/businesses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Businesses: your own, or all for staff */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                owner_id: string;
                                kind: string;
                                name: string;
                                registration_number: string;
                                country: string;
                                industry: string | null;
                                platform_allocation_pct: string | null;
                                status: string;
                                kyb_status: string;
                                created_at: string;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Register a business (issuers, KYC level 2 or more) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        registration_number: string;
                        /**
                         * @description ISO 3166-1 alpha-2 or alpha-3
                         * @example AE
                         * @example DEU
                         */
                        country: string;
                        industry?: string;
                        /** @description percent of each token's supply allocated to the platform at go-live */
                        platform_allocation_pct: number | string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            owner_id: string;
                            kind: string;
                            name: string;
                            registration_number: string;
                            country: string;
                            industry: string | null;
                            platform_allocation_pct: string | null;
                            status: string;
                            kyb_status: string;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/businesses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One business (yours, or any for staff) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            owner_id: string;
                            kind: string;
                            name: string;
                            registration_number: string;
                            country: string;
                            industry: string | null;
                            platform_allocation_pct: string | null;
                            status: string;
                            kyb_status: string;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/businesses/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Activate a business (its KYB must be approved) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "active";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            owner_id: string;
                            kind: string;
                            name: string;
                            registration_number: string;
                            country: string;
                            industry: string | null;
                            platform_allocation_pct: string | null;
                            status: string;
                            kyb_status: string;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The marketplace: tokens, newest first
         * @description Draft tokens appear only to the owner of their business and to staff and admins.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    status?: "draft" | "primary" | "secondary" | "paused" | "matured" | "delisted";
                    business_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                business_id: string;
                                name: string;
                                symbol: string;
                                decimals: number;
                                status: string;
                                trading_mode: string;
                                total_supply: number;
                                primary_offering_pct: string;
                                team_pct: string;
                                reserve_pct: string;
                                price_per_token: string;
                                min_investment: string;
                                raise_currency: string;
                                tick_size: string;
                                /** @description tokens offered in the primary sale */
                                primary_supply: number;
                                /** @description primary supply not yet subscribed */
                                tokens_available: number;
                                tokens_sold: number;
                                total_raised: string;
                                primary_start: string | null;
                                primary_end: string | null;
                                maturity_date: string | null;
                                contract_address: string | null;
                                identity_registry_addr: string | null;
                                deploy_tx_hash: string | null;
                                chain_sync: string;
                                success_fee: string | null;
                                /** @description the fee on each trade's total, in basis points, paid by the seller */
                                trading_fee_bps: number;
                                created_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** List a token (draft) for your active business */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        business_id: string;
                        name: string;
                        /** @description 2 to 10 upper-case letters and digits */
                        symbol: string;
                        decimals: number;
                        /** @description percent of the total supply */
                        primary_offering_pct: number | string;
                        /** @description percent of the total supply */
                        team_pct: number | string;
                        /** @description percent of the total supply */
                        reserve_pct: number | string;
                        /**
                         * @description USD per token, > 0
                         * @example 250.00
                         */
                        price_per_token: string;
                        total_supply: number;
                        /**
                         * @description USD, default 0
                         * @example 250.00
                         */
                        min_investment?: string;
                        /** @enum {string} */
                        raise_currency?: "USD";
                        /** Format: date-time */
                        maturity_date?: string;
                        compliance_rules?: {
                            allowed_countries?: string[] | null;
                            /** @description ISO 3166-1 alpha-2 or alpha-3 codes */
                            blocked_countries?: string[];
                            max_balance?: ({
                                units: number;
                            } | {
                                /** @description percent of the total supply, up to 4 decimals */
                                pct_of_supply: string;
                            }) | null;
                            max_holders?: number | null;
                            max_holders_per_country?: number | null;
                            lock_up?: ({
                                /**
                                 * Format: date-time
                                 * @description no transfer out of primary allocations before
                                 */
                                until: string;
                            } | {
                                days_after_allocation: number;
                            }) | null;
                            supply_cap?: number | null;
                        };
                        debt?: {
                            /** @description USD per unit repaid at maturity */
                            face_value: string;
                            /** @description percent a year, e.g. "5.25" */
                            coupon_rate_pct: string;
                            frequency: "annual" | "semi_annual" | "quarterly" | "monthly";
                            /** @description 30_360: 30/360 Bond Basis; act_365: Actual/365 Fixed; act_act: Actual/Actual ICMA */
                            day_count: "30_360" | "act_365" | "act_act";
                            /**
                             * @description the first coupon; interest accrues from one period before it
                             * @example 2027-01-15
                             */
                            first_coupon_date: string;
                            /**
                             * @description the last coupon date, when the face value is repaid
                             * @example 2027-01-15
                             */
                            maturity_date: string;
                            /** @description business days from the record day to each payment, 1 to 20 (default 1) */
                            record_days?: number;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            business_id: string;
                            name: string;
                            symbol: string;
                            decimals: number;
                            status: string;
                            trading_mode: string;
                            total_supply: number;
                            primary_offering_pct: string;
                            team_pct: string;
                            reserve_pct: string;
                            price_per_token: string;
                            min_investment: string;
                            raise_currency: string;
                            tick_size: string;
                            /** @description tokens offered in the primary sale */
                            primary_supply: number;
                            /** @description primary supply not yet subscribed */
                            tokens_available: number;
                            tokens_sold: number;
                            total_raised: string;
                            primary_start: string | null;
                            primary_end: string | null;
                            maturity_date: string | null;
                            contract_address: string | null;
                            identity_registry_addr: string | null;
                            deploy_tx_hash: string | null;
                            chain_sync: string;
                            success_fee: string | null;
                            /** @description the fee on each trade's total, in basis points, paid by the seller */
                            trading_fee_bps: number;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One token
         * @description A draft is 404 to anyone but the owner of its business, staff and admins.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            business_id: string;
                            name: string;
                            symbol: string;
                            decimals: number;
                            status: string;
                            trading_mode: string;
                            total_supply: number;
                            primary_offering_pct: string;
                            team_pct: string;
                            reserve_pct: string;
                            price_per_token: string;
                            min_investment: string;
                            raise_currency: string;
                            tick_size: string;
                            /** @description tokens offered in the primary sale */
                            primary_supply: number;
                            /** @description primary supply not yet subscribed */
                            tokens_available: number;
                            tokens_sold: number;
                            total_raised: string;
                            primary_start: string | null;
                            primary_end: string | null;
                            maturity_date: string | null;
                            contract_address: string | null;
                            identity_registry_addr: string | null;
                            deploy_tx_hash: string | null;
                            chain_sync: string;
                            success_fee: string | null;
                            /** @description the fee on each trade's total, in basis points, paid by the seller */
                            trading_fee_bps: number;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/tokens/{id}/deploy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deploy the token suite on chain (irreversible) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            token: {
                                id: string;
                                business_id: string;
                                name: string;
                                symbol: string;
                                decimals: number;
                                status: string;
                                trading_mode: string;
                                total_supply: number;
                                primary_offering_pct: string;
                                team_pct: string;
                                reserve_pct: string;
                                price_per_token: string;
                                min_investment: string;
                                raise_currency: string;
                                tick_size: string;
                                /** @description tokens offered in the primary sale */
                                primary_supply: number;
                                /** @description primary supply not yet subscribed */
                                tokens_available: number;
                                tokens_sold: number;
                                total_raised: string;
                                primary_start: string | null;
                                primary_end: string | null;
                                maturity_date: string | null;
                                contract_address: string | null;
                                identity_registry_addr: string | null;
                                deploy_tx_hash: string | null;
                                chain_sync: string;
                                success_fee: string | null;
                                /** @description the fee on each trade's total, in basis points, paid by the seller */
                                trading_fee_bps: number;
                                created_at: string;
                            };
                            tx_hash: string | null;
                            contract_address: string;
                            identity_registry_addr: string;
                            compliance_addr: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/tokens/{id}/start-offering": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Open the primary offering window */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: date-time */
                        primary_start: string;
                        /** Format: date-time */
                        primary_end: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            business_id: string;
                            name: string;
                            symbol: string;
                            decimals: number;
                            status: string;
                            trading_mode: string;
                            total_supply: number;
                            primary_offering_pct: string;
                            team_pct: string;
                            reserve_pct: string;
                            price_per_token: string;
                            min_investment: string;
                            raise_currency: string;
                            tick_size: string;
                            /** @description tokens offered in the primary sale */
                            primary_supply: number;
                            /** @description primary supply not yet subscribed */
                            tokens_available: number;
                            tokens_sold: number;
                            total_raised: string;
                            primary_start: string | null;
                            primary_end: string | null;
                            maturity_date: string | null;
                            contract_address: string | null;
                            identity_registry_addr: string | null;
                            deploy_tx_hash: string | null;
                            chain_sync: string;
                            success_fee: string | null;
                            /** @description the fee on each trade's total, in basis points, paid by the seller */
                            trading_fee_bps: number;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/tokens/{id}/consequences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What go-live and delisting would do now: fee, allocation, holders, payments
         * @description For the confirmation staff read before an irreversible move; go_live_blocked_by names why go-live would be refused now (null when it would succeed).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            total_raised: string;
                            success_fee_bps: number;
                            /** @description taken from the issuer at go-live */
                            success_fee: string;
                            /** @description the platform's allocation minted at go-live */
                            go_live_quantity: number;
                            /** @description the issuer's team share allocated at go-live */
                            team_quantity: number;
                            /** @description the issuer's reserve share allocated at go-live */
                            reserve_quantity: number;
                            /** @description the issuer's shares are locked up until then (going live now); null: none */
                            issuer_locked_until: string | null;
                            /** @description accounts holding the token */
                            holders: number;
                            /** @description subscriptions awaiting payment */
                            pending_payments: number;
                            /** @description why go-live would be refused now; null when it would succeed */
                            go_live_blocked_by: "TOKEN_STATE_CONFLICT" | "TOKEN_NOT_DEPLOYED" | "OFFERING_NOT_OPENED" | "PAYMENTS_PENDING" | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/tokens/{id}/enable-secondary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Go live: secondary trading, go-live allocation, success fee, contract unpaused */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            business_id: string;
                            name: string;
                            symbol: string;
                            decimals: number;
                            status: string;
                            trading_mode: string;
                            total_supply: number;
                            primary_offering_pct: string;
                            team_pct: string;
                            reserve_pct: string;
                            price_per_token: string;
                            min_investment: string;
                            raise_currency: string;
                            tick_size: string;
                            /** @description tokens offered in the primary sale */
                            primary_supply: number;
                            /** @description primary supply not yet subscribed */
                            tokens_available: number;
                            tokens_sold: number;
                            total_raised: string;
                            primary_start: string | null;
                            primary_end: string | null;
                            maturity_date: string | null;
                            contract_address: string | null;
                            identity_registry_addr: string | null;
                            deploy_tx_hash: string | null;
                            chain_sync: string;
                            success_fee: string | null;
                            /** @description the fee on each trade's total, in basis points, paid by the seller */
                            trading_fee_bps: number;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/tokens/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause the token (the contract follows) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            business_id: string;
                            name: string;
                            symbol: string;
                            decimals: number;
                            status: string;
                            trading_mode: string;
                            total_supply: number;
                            primary_offering_pct: string;
                            team_pct: string;
                            reserve_pct: string;
                            price_per_token: string;
                            min_investment: string;
                            raise_currency: string;
                            tick_size: string;
                            /** @description tokens offered in the primary sale */
                            primary_supply: number;
                            /** @description primary supply not yet subscribed */
                            tokens_available: number;
                            tokens_sold: number;
                            total_raised: string;
                            primary_start: string | null;
                            primary_end: string | null;
                            maturity_date: string | null;
                            contract_address: string | null;
                            identity_registry_addr: string | null;
                            deploy_tx_hash: string | null;
                            chain_sync: string;
                            success_fee: string | null;
                            /** @description the fee on each trade's total, in basis points, paid by the seller */
                            trading_fee_bps: number;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/tokens/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume the token (the contract follows) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            business_id: string;
                            name: string;
                            symbol: string;
                            decimals: number;
                            status: string;
                            trading_mode: string;
                            total_supply: number;
                            primary_offering_pct: string;
                            team_pct: string;
                            reserve_pct: string;
                            price_per_token: string;
                            min_investment: string;
                            raise_currency: string;
                            tick_size: string;
                            /** @description tokens offered in the primary sale */
                            primary_supply: number;
                            /** @description primary supply not yet subscribed */
                            tokens_available: number;
                            tokens_sold: number;
                            total_raised: string;
                            primary_start: string | null;
                            primary_end: string | null;
                            maturity_date: string | null;
                            contract_address: string | null;
                            identity_registry_addr: string | null;
                            deploy_tx_hash: string | null;
                            chain_sync: string;
                            success_fee: string | null;
                            /** @description the fee on each trade's total, in basis points, paid by the seller */
                            trading_fee_bps: number;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/tokens/{id}/delist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delist the token (the contract follows) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            business_id: string;
                            name: string;
                            symbol: string;
                            decimals: number;
                            status: string;
                            trading_mode: string;
                            total_supply: number;
                            primary_offering_pct: string;
                            team_pct: string;
                            reserve_pct: string;
                            price_per_token: string;
                            min_investment: string;
                            raise_currency: string;
                            tick_size: string;
                            /** @description tokens offered in the primary sale */
                            primary_supply: number;
                            /** @description primary supply not yet subscribed */
                            tokens_available: number;
                            tokens_sold: number;
                            total_raised: string;
                            primary_start: string | null;
                            primary_end: string | null;
                            maturity_date: string | null;
                            contract_address: string | null;
                            identity_registry_addr: string | null;
                            deploy_tx_hash: string | null;
                            chain_sync: string;
                            success_fee: string | null;
                            /** @description the fee on each trade's total, in basis points, paid by the seller */
                            trading_fee_bps: number;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{id}/compliance-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The token's transfer rules (docs/compliance.md) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            token_id: string;
                            allowed_countries: string[] | null;
                            blocked_countries: string[];
                            max_balance: {
                                units: number;
                            } | {
                                pct_of_supply: string;
                            } | null;
                            max_holders: number | null;
                            max_holders_per_country: number | null;
                            lock_up: {
                                until: string;
                            } | {
                                days_after_allocation: number;
                            } | null;
                            supply_cap: number | null;
                            version: number;
                            /** @description synced once the chain-enforced rules are on chain */
                            chain_sync: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/tokens/{id}/compliance-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace the token's transfer rules (audited with the reason; put on chain after) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        rules: {
                            allowed_countries?: string[] | null;
                            /** @description ISO 3166-1 alpha-2 or alpha-3 codes */
                            blocked_countries?: string[];
                            max_balance?: ({
                                units: number;
                            } | {
                                /** @description percent of the total supply, up to 4 decimals */
                                pct_of_supply: string;
                            }) | null;
                            max_holders?: number | null;
                            max_holders_per_country?: number | null;
                            lock_up?: ({
                                /**
                                 * Format: date-time
                                 * @description no transfer out of primary allocations before
                                 */
                                until: string;
                            } | {
                                days_after_allocation: number;
                            }) | null;
                            supply_cap?: number | null;
                        };
                        /** @description why the rules change (audited) */
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            token_id: string;
                            allowed_countries: string[] | null;
                            blocked_countries: string[];
                            max_balance: {
                                units: number;
                            } | {
                                pct_of_supply: string;
                            } | null;
                            max_holders: number | null;
                            max_holders_per_country: number | null;
                            lock_up: {
                                until: string;
                            } | {
                                days_after_allocation: number;
                            } | null;
                            supply_cap: number | null;
                            version: number;
                            /** @description synced once the chain-enforced rules are on chain */
                            chain_sync: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/agent-actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Agent actions, newest first */
        get: {
            parameters: {
                query?: {
                    status?: "proposed" | "rejected" | "pending" | "done" | "failed";
                    token_id?: string;
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                id: string;
                                kind: "freeze_address" | "unfreeze_address" | "freeze_units" | "unfreeze_units" | "pause" | "unpause" | "forced_transfer" | "revoke_verification" | "recover_wallet";
                                token_id: string | null;
                                user_id: string | null;
                                to_user_id: string | null;
                                quantity: number | null;
                                reason: string;
                                reference: string | null;
                                old_address: string | null;
                                new_address: string | null;
                                identity_check: ("kyc" | "staff_review") | null;
                                status: "proposed" | "rejected" | "pending" | "done" | "failed";
                                /** Format: uuid */
                                proposed_by: string;
                                decided_by: string | null;
                                decided_at: string | null;
                                chain_error: string | null;
                                tx_hash: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                updated_at: string;
                                holder: {
                                    id: string;
                                    email: string;
                                    full_name: string | null;
                                } | null;
                                receiver: {
                                    id: string;
                                    email: string;
                                    full_name: string | null;
                                } | null;
                                proposer: {
                                    id: string;
                                    email: string;
                                    full_name: string | null;
                                } | null;
                                decider: {
                                    id: string;
                                    email: string;
                                    full_name: string | null;
                                } | null;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Freeze, unfreeze, pause, unpause, revoke a verification, or propose a forced transfer */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        kind: "freeze_address" | "unfreeze_address" | "freeze_units" | "unfreeze_units" | "pause" | "unpause" | "forced_transfer" | "revoke_verification" | "recover_wallet";
                        /** Format: uuid */
                        token_id?: string;
                        /**
                         * Format: uuid
                         * @description the holder (the sender of a forced transfer, the user whose KYC is revoked)
                         */
                        user_id?: string;
                        /**
                         * Format: uuid
                         * @description the receiver
                         */
                        to_user_id?: string;
                        /** @description whole tokens */
                        quantity?: number;
                        /** @description why (audited) */
                        reason: string;
                        /** @description the order's document reference (court or regulator), or the staff review's */
                        reference?: string;
                        /** @description a recovery: how the investor proved their identity again (a KYC check approved since they linked the new address, or staff review with its reference) */
                        identity_check?: "kyc" | "staff_review";
                        /** @description a revocation: whether the user may verify their identity again (default false); the reason is never shown to them */
                        allow_reverification?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            kind: "freeze_address" | "unfreeze_address" | "freeze_units" | "unfreeze_units" | "pause" | "unpause" | "forced_transfer" | "revoke_verification" | "recover_wallet";
                            token_id: string | null;
                            user_id: string | null;
                            to_user_id: string | null;
                            quantity: number | null;
                            reason: string;
                            reference: string | null;
                            old_address: string | null;
                            new_address: string | null;
                            identity_check: ("kyc" | "staff_review") | null;
                            status: "proposed" | "rejected" | "pending" | "done" | "failed";
                            /** Format: uuid */
                            proposed_by: string;
                            decided_by: string | null;
                            decided_at: string | null;
                            chain_error: string | null;
                            tx_hash: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            holder: {
                                id: string;
                                email: string;
                                full_name: string | null;
                            } | null;
                            receiver: {
                                id: string;
                                email: string;
                                full_name: string | null;
                            } | null;
                            proposer: {
                                id: string;
                                email: string;
                                full_name: string | null;
                            } | null;
                            decider: {
                                id: string;
                                email: string;
                                full_name: string | null;
                            } | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/agent-actions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One agent action */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            kind: "freeze_address" | "unfreeze_address" | "freeze_units" | "unfreeze_units" | "pause" | "unpause" | "forced_transfer" | "revoke_verification" | "recover_wallet";
                            token_id: string | null;
                            user_id: string | null;
                            to_user_id: string | null;
                            quantity: number | null;
                            reason: string;
                            reference: string | null;
                            old_address: string | null;
                            new_address: string | null;
                            identity_check: ("kyc" | "staff_review") | null;
                            status: "proposed" | "rejected" | "pending" | "done" | "failed";
                            /** Format: uuid */
                            proposed_by: string;
                            decided_by: string | null;
                            decided_at: string | null;
                            chain_error: string | null;
                            tx_hash: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            holder: {
                                id: string;
                                email: string;
                                full_name: string | null;
                            } | null;
                            receiver: {
                                id: string;
                                email: string;
                                full_name: string | null;
                            } | null;
                            proposer: {
                                id: string;
                                email: string;
                                full_name: string | null;
                            } | null;
                            decider: {
                                id: string;
                                email: string;
                                full_name: string | null;
                            } | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/agent-actions/{id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve or reject a proposed action (an admin other than the proposer) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        decision: "approve" | "reject";
                        note?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            kind: "freeze_address" | "unfreeze_address" | "freeze_units" | "unfreeze_units" | "pause" | "unpause" | "forced_transfer" | "revoke_verification" | "recover_wallet";
                            token_id: string | null;
                            user_id: string | null;
                            to_user_id: string | null;
                            quantity: number | null;
                            reason: string;
                            reference: string | null;
                            old_address: string | null;
                            new_address: string | null;
                            identity_check: ("kyc" | "staff_review") | null;
                            status: "proposed" | "rejected" | "pending" | "done" | "failed";
                            /** Format: uuid */
                            proposed_by: string;
                            decided_by: string | null;
                            decided_at: string | null;
                            chain_error: string | null;
                            tx_hash: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            holder: {
                                id: string;
                                email: string;
                                full_name: string | null;
                            } | null;
                            receiver: {
                                id: string;
                                email: string;
                                full_name: string | null;
                            } | null;
                            proposer: {
                                id: string;
                                email: string;
                                full_name: string | null;
                            } | null;
                            decider: {
                                id: string;
                                email: string;
                                full_name: string | null;
                            } | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/agent-actions/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Try a failed action's chain call again */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            kind: "freeze_address" | "unfreeze_address" | "freeze_units" | "unfreeze_units" | "pause" | "unpause" | "forced_transfer" | "revoke_verification" | "recover_wallet";
                            token_id: string | null;
                            user_id: string | null;
                            to_user_id: string | null;
                            quantity: number | null;
                            reason: string;
                            reference: string | null;
                            old_address: string | null;
                            new_address: string | null;
                            identity_check: ("kyc" | "staff_review") | null;
                            status: "proposed" | "rejected" | "pending" | "done" | "failed";
                            /** Format: uuid */
                            proposed_by: string;
                            decided_by: string | null;
                            decided_at: string | null;
                            chain_error: string | null;
                            tx_hash: string | null;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            holder: {
                                id: string;
                                email: string;
                                full_name: string | null;
                            } | null;
                            receiver: {
                                id: string;
                                email: string;
                                full_name: string | null;
                            } | null;
                            proposer: {
                                id: string;
                                email: string;
                                full_name: string | null;
                            } | null;
                            decider: {
                                id: string;
                                email: string;
                                full_name: string | null;
                            } | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{id}/subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Subscribe in the primary offering (fiat is held until payment is confirmed) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description whole tokens */
                        quantity: number | string;
                        /** Format: uuid */
                        round_id?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            token_id: string;
                            user_id: string;
                            round_id: string | null;
                            quantity: number;
                            amount: string;
                            price_per_token: string;
                            allocation_type: string;
                            status: string;
                            on_chain_status: string;
                            on_chain_tx_hash: string | null;
                            on_chain_error: string | null;
                            on_chain_attempts: number;
                            confirmed_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/allocations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your allocations, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    token_id?: string;
                    status?: "pending_payment" | "confirmed" | "rejected";
                    on_chain_status?: "pending" | "minting" | "minted" | "failed";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                token_id: string;
                                user_id: string;
                                round_id: string | null;
                                quantity: number;
                                amount: string;
                                price_per_token: string;
                                allocation_type: string;
                                status: string;
                                on_chain_status: string;
                                on_chain_tx_hash: string | null;
                                on_chain_error: string | null;
                                on_chain_attempts: number;
                                confirmed_at: string | null;
                                created_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{id}/rounds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The token's offering rounds */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                token_id: string;
                                name: string;
                                starts_at: string;
                                ends_at: string;
                                price_per_token: string | null;
                                max_quantity: number;
                                quantity_reserved: number;
                                created_at: string;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Create an offering round for your token */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /** Format: date-time */
                        starts_at: string;
                        /** Format: date-time */
                        ends_at: string;
                        max_quantity: number;
                        /**
                         * @description USD per token in this round, > 0; default the token price
                         * @example 250.00
                         */
                        price_per_token?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            token_id: string;
                            name: string;
                            starts_at: string;
                            ends_at: string;
                            price_per_token: string | null;
                            max_quantity: number;
                            quantity_reserved: number;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/tokens/{id}/confirm-payment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm payment of pending allocations (all or none) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        allocation_ids: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                token_id: string;
                                user_id: string;
                                round_id: string | null;
                                quantity: number;
                                amount: string;
                                price_per_token: string;
                                allocation_type: string;
                                status: string;
                                on_chain_status: string;
                                on_chain_tx_hash: string | null;
                                on_chain_error: string | null;
                                on_chain_attempts: number;
                                confirmed_at: string | null;
                                created_at: string;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/allocations/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a pending allocation and refund it */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            token_id: string;
                            user_id: string;
                            round_id: string | null;
                            quantity: number;
                            amount: string;
                            price_per_token: string;
                            allocation_type: string;
                            status: string;
                            on_chain_status: string;
                            on_chain_tx_hash: string | null;
                            on_chain_error: string | null;
                            on_chain_attempts: number;
                            confirmed_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/allocations/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a failed on-chain allocation back to minting */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            token_id: string;
                            user_id: string;
                            round_id: string | null;
                            quantity: number;
                            amount: string;
                            price_per_token: string;
                            allocation_type: string;
                            status: string;
                            on_chain_status: string;
                            on_chain_tx_hash: string | null;
                            on_chain_error: string | null;
                            on_chain_attempts: number;
                            confirmed_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/allocations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Allocations with their subscriber, e.g. ?on_chain_status=failed with their errors */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    token_id?: string;
                    status?: "pending_payment" | "confirmed" | "rejected";
                    on_chain_status?: "pending" | "minting" | "minted" | "failed";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: ({
                                id: string;
                                token_id: string;
                                user_id: string;
                                round_id: string | null;
                                quantity: number;
                                amount: string;
                                price_per_token: string;
                                allocation_type: string;
                                status: string;
                                on_chain_status: string;
                                on_chain_tx_hash: string | null;
                                on_chain_error: string | null;
                                on_chain_attempts: number;
                                confirmed_at: string | null;
                                created_at: string;
                            } & {
                                user: {
                                    id: string;
                                    email: string;
                                    full_name: string | null;
                                } | null;
                            })[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dividends": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your dividend declarations, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    token_id?: string;
                    /** @description waiting: to approve, to distribute, or with a failed payment to retry */
                    status?: "waiting" | "draft" | "pending_approval" | "approved" | "distributing" | "distributed" | "cancelled";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                token_id: string;
                                issuer_id: string;
                                dividend_type: string;
                                per_token_usd: string | null;
                                per_token_qty: number | null;
                                fee_pct: string;
                                total_held: number;
                                total_gross_usd: string;
                                total_fee_usd: string;
                                total_net_usd: string;
                                /** @description left with the issuer by rounding down per holder */
                                remainder_usd: string;
                                total_quantity: number;
                                /** @description taken from the issuer and not yet paid out */
                                held_usd: string;
                                held_quantity: number;
                                holder_count: number;
                                /** @description when the holders are counted */
                                record_date: string;
                                /** @description the first moment a buyer no longer gets the dividend: the record date, as the register counts a trade when it is booked */
                                ex_date: string;
                                /** @description holders are paid on it, not before */
                                payment_date: string;
                                snapshot_at: string | null;
                                status: string;
                                submitted_at: string | null;
                                approved_at: string | null;
                                distribution_started_at: string | null;
                                distributed_at: string | null;
                                cancelled_at: string | null;
                                created_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Declare a dividend of your token: a draft with the holder snapshot */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        token_id: string;
                        dividend_type: "fiat" | "stablecoin" | "token";
                        /** @description USD per token held, up to 8 decimals (fiat and stablecoin dividends) */
                        per_token_usd?: string;
                        /** @description tokens paid per token held (token dividends) */
                        per_token_qty?: number;
                        /** @description the platform's fee, percent of each holder's gross, up to 2 decimals */
                        fee_pct: number | string;
                        /**
                         * Format: date-time
                         * @description the snapshot moment; default now
                         */
                        record_date?: string;
                        /**
                         * Format: date-time
                         * @description default the record date
                         */
                        payment_date?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            token_id: string;
                            issuer_id: string;
                            dividend_type: string;
                            per_token_usd: string | null;
                            per_token_qty: number | null;
                            fee_pct: string;
                            total_held: number;
                            total_gross_usd: string;
                            total_fee_usd: string;
                            total_net_usd: string;
                            /** @description left with the issuer by rounding down per holder */
                            remainder_usd: string;
                            total_quantity: number;
                            /** @description taken from the issuer and not yet paid out */
                            held_usd: string;
                            held_quantity: number;
                            holder_count: number;
                            /** @description when the holders are counted */
                            record_date: string;
                            /** @description the first moment a buyer no longer gets the dividend: the record date, as the register counts a trade when it is booked */
                            ex_date: string;
                            /** @description holders are paid on it, not before */
                            payment_date: string;
                            snapshot_at: string | null;
                            status: string;
                            submitted_at: string | null;
                            approved_at: string | null;
                            distribution_started_at: string | null;
                            distributed_at: string | null;
                            cancelled_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dividends/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of your dividend declarations */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            token_id: string;
                            issuer_id: string;
                            dividend_type: string;
                            per_token_usd: string | null;
                            per_token_qty: number | null;
                            fee_pct: string;
                            total_held: number;
                            total_gross_usd: string;
                            total_fee_usd: string;
                            total_net_usd: string;
                            /** @description left with the issuer by rounding down per holder */
                            remainder_usd: string;
                            total_quantity: number;
                            /** @description taken from the issuer and not yet paid out */
                            held_usd: string;
                            held_quantity: number;
                            holder_count: number;
                            /** @description when the holders are counted */
                            record_date: string;
                            /** @description the first moment a buyer no longer gets the dividend: the record date, as the register counts a trade when it is booked */
                            ex_date: string;
                            /** @description holders are paid on it, not before */
                            payment_date: string;
                            snapshot_at: string | null;
                            status: string;
                            submitted_at: string | null;
                            approved_at: string | null;
                            distribution_started_at: string | null;
                            distributed_at: string | null;
                            cancelled_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dividends/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A declaration's payments (one per holder), in payment order */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    status?: "pending" | "paid" | "failed" | "cancelled";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                dividend_id: string;
                                user_id: string;
                                token_balance: number;
                                gross_amount: string;
                                fee_amount: string;
                                net_amount: string;
                                quantity: number;
                                status: string;
                                failure_reason: string | null;
                                attempts: number;
                                paid_at: string | null;
                                chain_status: string | null;
                                chain_tx_hash: string | null;
                                chain_error: string | null;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dividends/{id}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit a draft for approval */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            token_id: string;
                            issuer_id: string;
                            dividend_type: string;
                            per_token_usd: string | null;
                            per_token_qty: number | null;
                            fee_pct: string;
                            total_held: number;
                            total_gross_usd: string;
                            total_fee_usd: string;
                            total_net_usd: string;
                            /** @description left with the issuer by rounding down per holder */
                            remainder_usd: string;
                            total_quantity: number;
                            /** @description taken from the issuer and not yet paid out */
                            held_usd: string;
                            held_quantity: number;
                            holder_count: number;
                            /** @description when the holders are counted */
                            record_date: string;
                            /** @description the first moment a buyer no longer gets the dividend: the record date, as the register counts a trade when it is booked */
                            ex_date: string;
                            /** @description holders are paid on it, not before */
                            payment_date: string;
                            snapshot_at: string | null;
                            status: string;
                            submitted_at: string | null;
                            approved_at: string | null;
                            distribution_started_at: string | null;
                            distributed_at: string | null;
                            cancelled_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dividends/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a draft or a declaration awaiting approval */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            token_id: string;
                            issuer_id: string;
                            dividend_type: string;
                            per_token_usd: string | null;
                            per_token_qty: number | null;
                            fee_pct: string;
                            total_held: number;
                            total_gross_usd: string;
                            total_fee_usd: string;
                            total_net_usd: string;
                            /** @description left with the issuer by rounding down per holder */
                            remainder_usd: string;
                            total_quantity: number;
                            /** @description taken from the issuer and not yet paid out */
                            held_usd: string;
                            held_quantity: number;
                            holder_count: number;
                            /** @description when the holders are counted */
                            record_date: string;
                            /** @description the first moment a buyer no longer gets the dividend: the record date, as the register counts a trade when it is booked */
                            ex_date: string;
                            /** @description holders are paid on it, not before */
                            payment_date: string;
                            snapshot_at: string | null;
                            status: string;
                            submitted_at: string | null;
                            approved_at: string | null;
                            distribution_started_at: string | null;
                            distributed_at: string | null;
                            cancelled_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dividend-payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dividends paid (or being paid) to you, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    status?: "pending" | "paid" | "failed" | "cancelled";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                dividend_id: string;
                                user_id: string;
                                token_balance: number;
                                gross_amount: string;
                                fee_amount: string;
                                net_amount: string;
                                quantity: number;
                                status: string;
                                failure_reason: string | null;
                                attempts: number;
                                paid_at: string | null;
                                chain_status: string | null;
                                chain_tx_hash: string | null;
                                chain_error: string | null;
                                token_id: string;
                                symbol: string;
                                dividend_type: string;
                                payment_date: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/dividends": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Dividend declarations, e.g. ?status=pending_approval */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    token_id?: string;
                    /** @description waiting: to approve, to distribute, or with a failed payment to retry */
                    status?: "waiting" | "draft" | "pending_approval" | "approved" | "distributing" | "distributed" | "cancelled";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                token_id: string;
                                issuer_id: string;
                                dividend_type: string;
                                per_token_usd: string | null;
                                per_token_qty: number | null;
                                fee_pct: string;
                                total_held: number;
                                total_gross_usd: string;
                                total_fee_usd: string;
                                total_net_usd: string;
                                /** @description left with the issuer by rounding down per holder */
                                remainder_usd: string;
                                total_quantity: number;
                                /** @description taken from the issuer and not yet paid out */
                                held_usd: string;
                                held_quantity: number;
                                holder_count: number;
                                /** @description when the holders are counted */
                                record_date: string;
                                /** @description the first moment a buyer no longer gets the dividend: the record date, as the register counts a trade when it is booked */
                                ex_date: string;
                                /** @description holders are paid on it, not before */
                                payment_date: string;
                                snapshot_at: string | null;
                                status: string;
                                submitted_at: string | null;
                                approved_at: string | null;
                                distribution_started_at: string | null;
                                distributed_at: string | null;
                                cancelled_at: string | null;
                                created_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/dividends/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One dividend declaration */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            token_id: string;
                            issuer_id: string;
                            dividend_type: string;
                            per_token_usd: string | null;
                            per_token_qty: number | null;
                            fee_pct: string;
                            total_held: number;
                            total_gross_usd: string;
                            total_fee_usd: string;
                            total_net_usd: string;
                            /** @description left with the issuer by rounding down per holder */
                            remainder_usd: string;
                            total_quantity: number;
                            /** @description taken from the issuer and not yet paid out */
                            held_usd: string;
                            held_quantity: number;
                            holder_count: number;
                            /** @description when the holders are counted */
                            record_date: string;
                            /** @description the first moment a buyer no longer gets the dividend: the record date, as the register counts a trade when it is booked */
                            ex_date: string;
                            /** @description holders are paid on it, not before */
                            payment_date: string;
                            snapshot_at: string | null;
                            status: string;
                            submitted_at: string | null;
                            approved_at: string | null;
                            distribution_started_at: string | null;
                            distributed_at: string | null;
                            cancelled_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/dividends/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A declaration's payments, e.g. ?status=failed with the reasons */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    status?: "pending" | "paid" | "failed" | "cancelled";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: ({
                                id: string;
                                dividend_id: string;
                                user_id: string;
                                token_balance: number;
                                gross_amount: string;
                                fee_amount: string;
                                net_amount: string;
                                quantity: number;
                                status: string;
                                failure_reason: string | null;
                                attempts: number;
                                paid_at: string | null;
                                chain_status: string | null;
                                chain_tx_hash: string | null;
                                chain_error: string | null;
                            } & {
                                user: {
                                    id: string;
                                    email: string;
                                    full_name: string | null;
                                } | null;
                            })[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/dividends/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a declaration (the issuer's funds must cover it) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            token_id: string;
                            issuer_id: string;
                            dividend_type: string;
                            per_token_usd: string | null;
                            per_token_qty: number | null;
                            fee_pct: string;
                            total_held: number;
                            total_gross_usd: string;
                            total_fee_usd: string;
                            total_net_usd: string;
                            /** @description left with the issuer by rounding down per holder */
                            remainder_usd: string;
                            total_quantity: number;
                            /** @description taken from the issuer and not yet paid out */
                            held_usd: string;
                            held_quantity: number;
                            holder_count: number;
                            /** @description when the holders are counted */
                            record_date: string;
                            /** @description the first moment a buyer no longer gets the dividend: the record date, as the register counts a trade when it is booked */
                            ex_date: string;
                            /** @description holders are paid on it, not before */
                            payment_date: string;
                            snapshot_at: string | null;
                            status: string;
                            submitted_at: string | null;
                            approved_at: string | null;
                            distribution_started_at: string | null;
                            distributed_at: string | null;
                            cancelled_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/dividends/{id}/distribute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start the distribution: the issuer's funds taken, the payments queued */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            token_id: string;
                            issuer_id: string;
                            dividend_type: string;
                            per_token_usd: string | null;
                            per_token_qty: number | null;
                            fee_pct: string;
                            total_held: number;
                            total_gross_usd: string;
                            total_fee_usd: string;
                            total_net_usd: string;
                            /** @description left with the issuer by rounding down per holder */
                            remainder_usd: string;
                            total_quantity: number;
                            /** @description taken from the issuer and not yet paid out */
                            held_usd: string;
                            held_quantity: number;
                            holder_count: number;
                            /** @description when the holders are counted */
                            record_date: string;
                            /** @description the first moment a buyer no longer gets the dividend: the record date, as the register counts a trade when it is booked */
                            ex_date: string;
                            /** @description holders are paid on it, not before */
                            payment_date: string;
                            snapshot_at: string | null;
                            status: string;
                            submitted_at: string | null;
                            approved_at: string | null;
                            distribution_started_at: string | null;
                            distributed_at: string | null;
                            cancelled_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/dividends/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a declaration before its distribution starts */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            token_id: string;
                            issuer_id: string;
                            dividend_type: string;
                            per_token_usd: string | null;
                            per_token_qty: number | null;
                            fee_pct: string;
                            total_held: number;
                            total_gross_usd: string;
                            total_fee_usd: string;
                            total_net_usd: string;
                            /** @description left with the issuer by rounding down per holder */
                            remainder_usd: string;
                            total_quantity: number;
                            /** @description taken from the issuer and not yet paid out */
                            held_usd: string;
                            held_quantity: number;
                            holder_count: number;
                            /** @description when the holders are counted */
                            record_date: string;
                            /** @description the first moment a buyer no longer gets the dividend: the record date, as the register counts a trade when it is booked */
                            ex_date: string;
                            /** @description holders are paid on it, not before */
                            payment_date: string;
                            snapshot_at: string | null;
                            status: string;
                            submitted_at: string | null;
                            approved_at: string | null;
                            distribution_started_at: string | null;
                            distributed_at: string | null;
                            cancelled_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/dividends/{id}/retry-chain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a token dividend's failed on-chain transfers again */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            token_id: string;
                            issuer_id: string;
                            dividend_type: string;
                            per_token_usd: string | null;
                            per_token_qty: number | null;
                            fee_pct: string;
                            total_held: number;
                            total_gross_usd: string;
                            total_fee_usd: string;
                            total_net_usd: string;
                            /** @description left with the issuer by rounding down per holder */
                            remainder_usd: string;
                            total_quantity: number;
                            /** @description taken from the issuer and not yet paid out */
                            held_usd: string;
                            held_quantity: number;
                            holder_count: number;
                            /** @description when the holders are counted */
                            record_date: string;
                            /** @description the first moment a buyer no longer gets the dividend: the record date, as the register counts a trade when it is booked */
                            ex_date: string;
                            /** @description holders are paid on it, not before */
                            payment_date: string;
                            snapshot_at: string | null;
                            status: string;
                            submitted_at: string | null;
                            approved_at: string | null;
                            distribution_started_at: string | null;
                            distributed_at: string | null;
                            cancelled_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/dividend-payments/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a failed dividend payment back to be paid (the gate is checked again) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            dividend_id: string;
                            user_id: string;
                            token_balance: number;
                            gross_amount: string;
                            fee_amount: string;
                            net_amount: string;
                            quantity: number;
                            status: string;
                            failure_reason: string | null;
                            attempts: number;
                            paid_at: string | null;
                            chain_status: string | null;
                            chain_tx_hash: string | null;
                            chain_error: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/splits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Splits and consolidations (an issuer: of its tokens), newest first */
        get: {
            parameters: {
                query?: {
                    token_id?: string;
                    status?: "proposed" | "rejected" | "approved" | "halting" | "scaling" | "done" | "failed";
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                id: string;
                                /** Format: uuid */
                                token_id: string;
                                symbol: string;
                                kind: "split" | "consolidation";
                                /** @description ratio_new:ratio_old, e.g. 2:1 or 1:10 */
                                ratio: string;
                                ratio_new: number;
                                ratio_old: number;
                                effective_at: string;
                                reason: string;
                                status: "proposed" | "rejected" | "approved" | "halting" | "scaling" | "done" | "failed";
                                /** Format: uuid */
                                proposed_by: string;
                                decided_by: string | null;
                                decided_at: string | null;
                                reference_price: string | null;
                                reference_source: ("last_trade" | "nav" | "offering") | null;
                                holder_count: number;
                                holders_scaled: number;
                                /** @description chain batches fixed so far */
                                batches: number;
                                batches_sent: number;
                                /** @description cash in lieu taken from the issuer */
                                cash_total: string;
                                /** @description cash in lieu credited to holders so far */
                                cash_paid: string;
                                error: string | null;
                                started_at: string | null;
                                finished_at: string | null;
                                created_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Propose a split or consolidation of your token */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        token_id: string;
                        /** @description new tokens for every ratio_old old ones (2 in 2:1) */
                        ratio_new: number;
                        /** @description old tokens that make ratio_new new ones (10 in 1:10) */
                        ratio_old: number;
                        /**
                         * Format: date-time
                         * @description the moment trading stops and holders are scaled; in the future
                         */
                        effective_at: string;
                        /** @description why (audited) */
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            token_id: string;
                            symbol: string;
                            kind: "split" | "consolidation";
                            /** @description ratio_new:ratio_old, e.g. 2:1 or 1:10 */
                            ratio: string;
                            ratio_new: number;
                            ratio_old: number;
                            effective_at: string;
                            reason: string;
                            status: "proposed" | "rejected" | "approved" | "halting" | "scaling" | "done" | "failed";
                            /** Format: uuid */
                            proposed_by: string;
                            decided_by: string | null;
                            decided_at: string | null;
                            reference_price: string | null;
                            reference_source: ("last_trade" | "nav" | "offering") | null;
                            holder_count: number;
                            holders_scaled: number;
                            /** @description chain batches fixed so far */
                            batches: number;
                            batches_sent: number;
                            /** @description cash in lieu taken from the issuer */
                            cash_total: string;
                            /** @description cash in lieu credited to holders so far */
                            cash_paid: string;
                            error: string | null;
                            started_at: string | null;
                            finished_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/splits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Propose a split or consolidation of an issuer's token on its behalf */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        token_id: string;
                        /** @description new tokens for every ratio_old old ones (2 in 2:1) */
                        ratio_new: number;
                        /** @description old tokens that make ratio_new new ones (10 in 1:10) */
                        ratio_old: number;
                        /**
                         * Format: date-time
                         * @description the moment trading stops and holders are scaled; in the future
                         */
                        effective_at: string;
                        /** @description why (audited) */
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            token_id: string;
                            symbol: string;
                            kind: "split" | "consolidation";
                            /** @description ratio_new:ratio_old, e.g. 2:1 or 1:10 */
                            ratio: string;
                            ratio_new: number;
                            ratio_old: number;
                            effective_at: string;
                            reason: string;
                            status: "proposed" | "rejected" | "approved" | "halting" | "scaling" | "done" | "failed";
                            /** Format: uuid */
                            proposed_by: string;
                            decided_by: string | null;
                            decided_at: string | null;
                            reference_price: string | null;
                            reference_source: ("last_trade" | "nav" | "offering") | null;
                            holder_count: number;
                            holders_scaled: number;
                            /** @description chain batches fixed so far */
                            batches: number;
                            batches_sent: number;
                            /** @description cash in lieu taken from the issuer */
                            cash_total: string;
                            /** @description cash in lieu credited to holders so far */
                            cash_paid: string;
                            error: string | null;
                            started_at: string | null;
                            finished_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/splits/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One split or consolidation with its progress */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            token_id: string;
                            symbol: string;
                            kind: "split" | "consolidation";
                            /** @description ratio_new:ratio_old, e.g. 2:1 or 1:10 */
                            ratio: string;
                            ratio_new: number;
                            ratio_old: number;
                            effective_at: string;
                            reason: string;
                            status: "proposed" | "rejected" | "approved" | "halting" | "scaling" | "done" | "failed";
                            /** Format: uuid */
                            proposed_by: string;
                            decided_by: string | null;
                            decided_at: string | null;
                            reference_price: string | null;
                            reference_source: ("last_trade" | "nav" | "offering") | null;
                            holder_count: number;
                            holders_scaled: number;
                            /** @description chain batches fixed so far */
                            batches: number;
                            batches_sent: number;
                            /** @description cash in lieu taken from the issuer */
                            cash_total: string;
                            /** @description cash in lieu credited to holders so far */
                            cash_paid: string;
                            error: string | null;
                            started_at: string | null;
                            finished_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/splits/{id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve or reject a proposed split (staff other than its proposer) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        decision: "approve" | "reject";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            token_id: string;
                            symbol: string;
                            kind: "split" | "consolidation";
                            /** @description ratio_new:ratio_old, e.g. 2:1 or 1:10 */
                            ratio: string;
                            ratio_new: number;
                            ratio_old: number;
                            effective_at: string;
                            reason: string;
                            status: "proposed" | "rejected" | "approved" | "halting" | "scaling" | "done" | "failed";
                            /** Format: uuid */
                            proposed_by: string;
                            decided_by: string | null;
                            decided_at: string | null;
                            reference_price: string | null;
                            reference_source: ("last_trade" | "nav" | "offering") | null;
                            holder_count: number;
                            holders_scaled: number;
                            /** @description chain batches fixed so far */
                            batches: number;
                            batches_sent: number;
                            /** @description cash in lieu taken from the issuer */
                            cash_total: string;
                            /** @description cash in lieu credited to holders so far */
                            cash_paid: string;
                            error: string | null;
                            started_at: string | null;
                            finished_at: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{token_id}/debt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A debt token's terms, coupon schedule, accrued interest today and calls */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token_id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            token_id: string;
                            terms: {
                                face_value: string;
                                coupon_rate_pct: string;
                                frequency: "annual" | "semi_annual" | "quarterly" | "monthly";
                                day_count: "30_360" | "act_365" | "act_act";
                                first_coupon_date: string;
                                maturity_date: string;
                                record_days: number;
                            };
                            /** @description accrued interest on one unit today (what a trade of one unit adds) */
                            accrued_interest_per_unit: string;
                            payments: {
                                id: string;
                                number: number;
                                /** @description coupon, or redemption (face value and last coupon) */
                                kind: string;
                                accrual_start: string;
                                /** @description holders are counted at the end of this day (UTC) */
                                record_date: string;
                                payment_date: string;
                                coupon_per_unit: string;
                                principal_per_unit: string;
                                status: string;
                                dividend_id: string | null;
                                /** @description the issuer's balance did not cover it when last checked */
                                funding_short: boolean;
                            }[];
                            calls: {
                                id: string;
                                token_id: string;
                                call_date: string;
                                status: string;
                                requested_by: string;
                                decided_by: string | null;
                                created_at: string;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{token_id}/debt/calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask to repay your debt token early on a date (staff approve) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token_id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description the day the issuer repays the debt early
                         * @example 2027-01-15
                         */
                        call_date: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            token_id: string;
                            call_date: string;
                            status: string;
                            requested_by: string;
                            decided_by: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/debt-calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Calls of debt tokens, newest first (status=pending_approval: to decide) */
        get: {
            parameters: {
                query?: {
                    status?: "pending_approval" | "approved" | "rejected";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                token_id: string;
                                call_date: string;
                                status: string;
                                requested_by: string;
                                decided_by: string | null;
                                created_at: string;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/debt-calls/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve an issuer's call: the book closes at its record day and the debt is repaid */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            token_id: string;
                            call_date: string;
                            status: string;
                            requested_by: string;
                            decided_by: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/debt-calls/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject an issuer's call */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            token_id: string;
                            call_date: string;
                            status: string;
                            requested_by: string;
                            decided_by: string | null;
                            created_at: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/debt-burn-failures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Redemptions whose burn on chain failed for good, with the retry asked */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                payment_id: string;
                                token_id: string;
                                symbol: string;
                                payment_date: string;
                                /** @description burn batches failed for good */
                                failed_batches: number;
                                /** @description the chain's last refusal */
                                error: string | null;
                                alerted_at: string | null;
                                /** @description the member of staff who asked for the retry; another approves it */
                                retry_requested_by: string | null;
                                retry_requested_at: string | null;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/debt-payments/{id}/burn-retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask to retry a redemption's burn that failed for good (another member of staff approves) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            status: "requested" | "requeued";
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/debt-payments/{id}/burn-retry/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve the retry another member of staff asked for: the failed burns are queued again */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            status: "requested" | "requeued";
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/debt-payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your coupons and redemptions: of the debt tokens you hold or were paid on */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                token_id: string;
                                symbol: string;
                                number: number;
                                kind: string;
                                record_date: string;
                                payment_date: string;
                                coupon_per_unit: string;
                                principal_per_unit: string;
                                status: string;
                                /** @description units held at the record date, once counted */
                                units: number | null;
                                /** @description USD paid to the holder */
                                amount: string | null;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{id}/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The register of holders as of an instant
         * @description Computed from the record of every token movement at or before as_of, reconciled with the chain's balances at the last block mined at or before as_of. The token's issuer and staff.
         */
        get: {
            parameters: {
                query?: {
                    /** @description the instant of the register; default now; not in the future */
                    as_of?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            token_id: string;
                            token_name: string;
                            symbol: string;
                            issuer_name: string;
                            /** Format: date-time */
                            as_of: string;
                            /** Format: date-time */
                            generated_at: string;
                            /** @description the token's total supply: the base of the percentages of total supply */
                            total_supply: string;
                            /** @description units held by all holders at the instant (the totals) */
                            supply_in_circulation: string;
                            holders: {
                                /** Format: uuid */
                                user_id: string;
                                legal_name: string;
                                /** @description investor (counted as a holder, paid by a dividend), the token's issuer, or the platform's treasury */
                                holder_kind: "investor" | "issuer" | "treasury";
                                holder_type: "individual" | "company";
                                /** @description ISO 3166-1 alpha-2: the holder's country, the one its identity is registered with on chain */
                                country: string;
                                accreditation: string | null;
                                /** @description units held at the instant */
                                units: string;
                                /** @description percent of the supply in circulation, 4 decimals */
                                pct_of_supply: string;
                                /** @description percent of the token's total supply, 4 decimals: the base a maximum-balance rule in percent uses */
                                pct_of_total_supply: string;
                                /** @description units in sell orders open at the instant */
                                locked_units: string;
                                /** @description units frozen on chain at the instant's block */
                                frozen_units: string;
                                /** @description units still in lock-up at the instant: primary allocations under the token's rule, the issuer's team and reserve shares to their own date */
                                locked_up_units: string;
                                wallet_address: string | null;
                            }[];
                            totals: {
                                /** @description every account holding units, the issuer and the platform's treasury included */
                                holders: number;
                                /** @description the holders a dividend pays: all but the issuer and the treasury */
                                investor_holders: number;
                                units: string;
                                /** @description the units held, percent of the total supply */
                                pct_of_total_supply: string;
                                locked_units: string;
                                frozen_units: string;
                                locked_up_units: string;
                            };
                            reconciliation: {
                                status: "agrees" | "differs";
                                block_number: number;
                                /** Format: date-time */
                                block_timestamp: string;
                                differences: {
                                    wallet_address: string;
                                    register_units: string;
                                    chain_units: string;
                                }[];
                                holders_without_wallet: number;
                            } | {
                                status: "not_on_chain" | "unavailable";
                                detail: string;
                            };
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{id}/register.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The register of holders as of an instant, as CSV (a TOTAL row last)
         * @description Computed from the record of every token movement at or before as_of, reconciled with the chain's balances at the last block mined at or before as_of. The token's issuer and staff.
         */
        get: {
            parameters: {
                query?: {
                    /** @description the instant of the register; default now; not in the future */
                    as_of?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{id}/register.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The register of holders as of an instant, as a PDF with a certification to sign
         * @description Computed from the record of every token movement at or before as_of, reconciled with the chain's balances at the last block mined at or before as_of. The token's issuer and staff.
         */
        get: {
            parameters: {
                query?: {
                    /** @description the instant of the register; default now; not in the future */
                    as_of?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/meetings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Meetings, newest first: an issuer's own tokens', staff every one */
        get: {
            parameters: {
                query?: {
                    status?: "proposed" | "rejected" | "approved" | "closed";
                    token_id?: string;
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                id: string;
                                /** Format: uuid */
                                token_id: string;
                                symbol: string;
                                token_name: string;
                                title: string;
                                /** Format: date-time */
                                record_date: string;
                                /** Format: date-time */
                                opens_at: string;
                                /** Format: date-time */
                                closes_at: string;
                                quorum_pct: string;
                                status: "proposed" | "rejected" | "approved" | "closed";
                                voting: ("counting" | "not_open" | "open" | "closed") | null;
                                /** Format: uuid */
                                proposed_by: string;
                                decided_by: string | null;
                                decided_at: string | null;
                                decision_note: string | null;
                                snapshot_at: string | null;
                                /** @description whole tokens */
                                eligible_units: string;
                                holder_count: number;
                                /** Format: date-time */
                                created_at: string;
                                resolutions: {
                                    /** Format: uuid */
                                    id: string;
                                    title: string;
                                    /** @description the share of the votes for and against that must be for: simple (more than half), two_thirds or three_quarters (at least) */
                                    majority: "simple" | "two_thirds" | "three_quarters";
                                    choices: {
                                        label: string;
                                        effect: "for" | "against" | "abstain";
                                    }[];
                                }[];
                                result: {
                                    /** Format: date-time */
                                    closed_at: string;
                                    /** @description whole tokens */
                                    eligible_units: string;
                                    /** @description whole tokens */
                                    represented_units: string;
                                    turnout_pct: string;
                                    quorum_pct: string;
                                    quorum_met: boolean;
                                    resolutions: {
                                        /** Format: uuid */
                                        resolution_id: string;
                                        title: string;
                                        /** @description the share of the votes for and against that must be for: simple (more than half), two_thirds or three_quarters (at least) */
                                        majority: "simple" | "two_thirds" | "three_quarters";
                                        choices: {
                                            label: string;
                                            effect: "for" | "against" | "abstain";
                                            /** @description whole tokens */
                                            units: string;
                                            pct_of_cast: string;
                                        }[];
                                        /** @description whole tokens */
                                        votes_cast: string;
                                        turnout_pct: string;
                                        passed: boolean;
                                    }[];
                                } | null;
                                holder: {
                                    /** @description whole tokens */
                                    weight: string;
                                    voted_at: string | null;
                                    votes: {
                                        /** Format: uuid */
                                        resolution_id: string;
                                        choice: number;
                                        /** @description whole tokens */
                                        units: string;
                                    }[];
                                } | null;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        /** Propose a shareholder meeting for the token (its issuer, or staff on the issuer's behalf) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        token_id: string;
                        title: string;
                        /**
                         * Format: date-time
                         * @description when the holders of record are counted: the register at this instant
                         */
                        record_date: string;
                        /**
                         * Format: date-time
                         * @description voting opens (at or after the record date)
                         */
                        opens_at: string;
                        /**
                         * Format: date-time
                         * @description voting closes and the result is published
                         */
                        closes_at: string;
                        /** @description the share of the eligible votes that must be represented */
                        quorum_pct: number | string;
                        resolutions: {
                            title: string;
                            /** @description the share of the votes for and against that must be for: simple (more than half), two_thirds or three_quarters (at least) */
                            majority: "simple" | "two_thirds" | "three_quarters";
                            /** @description default: For (for), Against (against), Abstain (abstain) */
                            choices?: {
                                label: string;
                                effect: "for" | "against" | "abstain";
                            }[];
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            token_id: string;
                            symbol: string;
                            token_name: string;
                            title: string;
                            /** Format: date-time */
                            record_date: string;
                            /** Format: date-time */
                            opens_at: string;
                            /** Format: date-time */
                            closes_at: string;
                            quorum_pct: string;
                            status: "proposed" | "rejected" | "approved" | "closed";
                            voting: ("counting" | "not_open" | "open" | "closed") | null;
                            /** Format: uuid */
                            proposed_by: string;
                            decided_by: string | null;
                            decided_at: string | null;
                            decision_note: string | null;
                            snapshot_at: string | null;
                            /** @description whole tokens */
                            eligible_units: string;
                            holder_count: number;
                            /** Format: date-time */
                            created_at: string;
                            resolutions: {
                                /** Format: uuid */
                                id: string;
                                title: string;
                                /** @description the share of the votes for and against that must be for: simple (more than half), two_thirds or three_quarters (at least) */
                                majority: "simple" | "two_thirds" | "three_quarters";
                                choices: {
                                    label: string;
                                    effect: "for" | "against" | "abstain";
                                }[];
                            }[];
                            result: {
                                /** Format: date-time */
                                closed_at: string;
                                /** @description whole tokens */
                                eligible_units: string;
                                /** @description whole tokens */
                                represented_units: string;
                                turnout_pct: string;
                                quorum_pct: string;
                                quorum_met: boolean;
                                resolutions: {
                                    /** Format: uuid */
                                    resolution_id: string;
                                    title: string;
                                    /** @description the share of the votes for and against that must be for: simple (more than half), two_thirds or three_quarters (at least) */
                                    majority: "simple" | "two_thirds" | "three_quarters";
                                    choices: {
                                        label: string;
                                        effect: "for" | "against" | "abstain";
                                        /** @description whole tokens */
                                        units: string;
                                        pct_of_cast: string;
                                    }[];
                                    /** @description whole tokens */
                                    votes_cast: string;
                                    turnout_pct: string;
                                    passed: boolean;
                                }[];
                            } | null;
                            holder: {
                                /** @description whole tokens */
                                weight: string;
                                voted_at: string | null;
                                votes: {
                                    /** Format: uuid */
                                    resolution_id: string;
                                    choice: number;
                                    /** @description whole tokens */
                                    units: string;
                                }[];
                            } | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/meetings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The meetings where the caller is a holder of record, with their weight and votes */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                id: string;
                                /** Format: uuid */
                                token_id: string;
                                symbol: string;
                                token_name: string;
                                title: string;
                                /** Format: date-time */
                                record_date: string;
                                /** Format: date-time */
                                opens_at: string;
                                /** Format: date-time */
                                closes_at: string;
                                quorum_pct: string;
                                status: "proposed" | "rejected" | "approved" | "closed";
                                voting: ("counting" | "not_open" | "open" | "closed") | null;
                                /** Format: uuid */
                                proposed_by: string;
                                decided_by: string | null;
                                decided_at: string | null;
                                decision_note: string | null;
                                snapshot_at: string | null;
                                /** @description whole tokens */
                                eligible_units: string;
                                holder_count: number;
                                /** Format: date-time */
                                created_at: string;
                                resolutions: {
                                    /** Format: uuid */
                                    id: string;
                                    title: string;
                                    /** @description the share of the votes for and against that must be for: simple (more than half), two_thirds or three_quarters (at least) */
                                    majority: "simple" | "two_thirds" | "three_quarters";
                                    choices: {
                                        label: string;
                                        effect: "for" | "against" | "abstain";
                                    }[];
                                }[];
                                result: {
                                    /** Format: date-time */
                                    closed_at: string;
                                    /** @description whole tokens */
                                    eligible_units: string;
                                    /** @description whole tokens */
                                    represented_units: string;
                                    turnout_pct: string;
                                    quorum_pct: string;
                                    quorum_met: boolean;
                                    resolutions: {
                                        /** Format: uuid */
                                        resolution_id: string;
                                        title: string;
                                        /** @description the share of the votes for and against that must be for: simple (more than half), two_thirds or three_quarters (at least) */
                                        majority: "simple" | "two_thirds" | "three_quarters";
                                        choices: {
                                            label: string;
                                            effect: "for" | "against" | "abstain";
                                            /** @description whole tokens */
                                            units: string;
                                            pct_of_cast: string;
                                        }[];
                                        /** @description whole tokens */
                                        votes_cast: string;
                                        turnout_pct: string;
                                        passed: boolean;
                                    }[];
                                } | null;
                                holder: {
                                    /** @description whole tokens */
                                    weight: string;
                                    voted_at: string | null;
                                    votes: {
                                        /** Format: uuid */
                                        resolution_id: string;
                                        choice: number;
                                        /** @description whole tokens */
                                        units: string;
                                    }[];
                                } | null;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/meetings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One meeting: for staff, the token's issuer and its holders of record; the result once closed */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            token_id: string;
                            symbol: string;
                            token_name: string;
                            title: string;
                            /** Format: date-time */
                            record_date: string;
                            /** Format: date-time */
                            opens_at: string;
                            /** Format: date-time */
                            closes_at: string;
                            quorum_pct: string;
                            status: "proposed" | "rejected" | "approved" | "closed";
                            voting: ("counting" | "not_open" | "open" | "closed") | null;
                            /** Format: uuid */
                            proposed_by: string;
                            decided_by: string | null;
                            decided_at: string | null;
                            decision_note: string | null;
                            snapshot_at: string | null;
                            /** @description whole tokens */
                            eligible_units: string;
                            holder_count: number;
                            /** Format: date-time */
                            created_at: string;
                            resolutions: {
                                /** Format: uuid */
                                id: string;
                                title: string;
                                /** @description the share of the votes for and against that must be for: simple (more than half), two_thirds or three_quarters (at least) */
                                majority: "simple" | "two_thirds" | "three_quarters";
                                choices: {
                                    label: string;
                                    effect: "for" | "against" | "abstain";
                                }[];
                            }[];
                            result: {
                                /** Format: date-time */
                                closed_at: string;
                                /** @description whole tokens */
                                eligible_units: string;
                                /** @description whole tokens */
                                represented_units: string;
                                turnout_pct: string;
                                quorum_pct: string;
                                quorum_met: boolean;
                                resolutions: {
                                    /** Format: uuid */
                                    resolution_id: string;
                                    title: string;
                                    /** @description the share of the votes for and against that must be for: simple (more than half), two_thirds or three_quarters (at least) */
                                    majority: "simple" | "two_thirds" | "three_quarters";
                                    choices: {
                                        label: string;
                                        effect: "for" | "against" | "abstain";
                                        /** @description whole tokens */
                                        units: string;
                                        pct_of_cast: string;
                                    }[];
                                    /** @description whole tokens */
                                    votes_cast: string;
                                    turnout_pct: string;
                                    passed: boolean;
                                }[];
                            } | null;
                            holder: {
                                /** @description whole tokens */
                                weight: string;
                                voted_at: string | null;
                                votes: {
                                    /** Format: uuid */
                                    resolution_id: string;
                                    choice: number;
                                    /** @description whole tokens */
                                    units: string;
                                }[];
                            } | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/meetings/{id}/ballot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** The holder's votes, replacing any before them, while voting is open */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the whole ballot: it replaces the one before; an empty list withdraws it */
                        votes: {
                            /** Format: uuid */
                            resolution_id: string;
                            /** @description the index of the choice */
                            choice: number;
                            units: number;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            token_id: string;
                            symbol: string;
                            token_name: string;
                            title: string;
                            /** Format: date-time */
                            record_date: string;
                            /** Format: date-time */
                            opens_at: string;
                            /** Format: date-time */
                            closes_at: string;
                            quorum_pct: string;
                            status: "proposed" | "rejected" | "approved" | "closed";
                            voting: ("counting" | "not_open" | "open" | "closed") | null;
                            /** Format: uuid */
                            proposed_by: string;
                            decided_by: string | null;
                            decided_at: string | null;
                            decision_note: string | null;
                            snapshot_at: string | null;
                            /** @description whole tokens */
                            eligible_units: string;
                            holder_count: number;
                            /** Format: date-time */
                            created_at: string;
                            resolutions: {
                                /** Format: uuid */
                                id: string;
                                title: string;
                                /** @description the share of the votes for and against that must be for: simple (more than half), two_thirds or three_quarters (at least) */
                                majority: "simple" | "two_thirds" | "three_quarters";
                                choices: {
                                    label: string;
                                    effect: "for" | "against" | "abstain";
                                }[];
                            }[];
                            result: {
                                /** Format: date-time */
                                closed_at: string;
                                /** @description whole tokens */
                                eligible_units: string;
                                /** @description whole tokens */
                                represented_units: string;
                                turnout_pct: string;
                                quorum_pct: string;
                                quorum_met: boolean;
                                resolutions: {
                                    /** Format: uuid */
                                    resolution_id: string;
                                    title: string;
                                    /** @description the share of the votes for and against that must be for: simple (more than half), two_thirds or three_quarters (at least) */
                                    majority: "simple" | "two_thirds" | "three_quarters";
                                    choices: {
                                        label: string;
                                        effect: "for" | "against" | "abstain";
                                        /** @description whole tokens */
                                        units: string;
                                        pct_of_cast: string;
                                    }[];
                                    /** @description whole tokens */
                                    votes_cast: string;
                                    turnout_pct: string;
                                    passed: boolean;
                                }[];
                            } | null;
                            holder: {
                                /** @description whole tokens */
                                weight: string;
                                voted_at: string | null;
                                votes: {
                                    /** Format: uuid */
                                    resolution_id: string;
                                    choice: number;
                                    /** @description whole tokens */
                                    units: string;
                                }[];
                            } | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/meetings/{id}/results.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The meeting's result as CSV (a MEETING row with turnout and quorum last) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/meetings/{id}/results.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The meeting's result as a PDF with a certification to sign */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/meetings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every meeting, newest first, by status (proposed: awaiting a decision) */
        get: {
            parameters: {
                query?: {
                    status?: "proposed" | "rejected" | "approved" | "closed";
                    token_id?: string;
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                id: string;
                                /** Format: uuid */
                                token_id: string;
                                symbol: string;
                                token_name: string;
                                title: string;
                                /** Format: date-time */
                                record_date: string;
                                /** Format: date-time */
                                opens_at: string;
                                /** Format: date-time */
                                closes_at: string;
                                quorum_pct: string;
                                status: "proposed" | "rejected" | "approved" | "closed";
                                voting: ("counting" | "not_open" | "open" | "closed") | null;
                                /** Format: uuid */
                                proposed_by: string;
                                decided_by: string | null;
                                decided_at: string | null;
                                decision_note: string | null;
                                snapshot_at: string | null;
                                /** @description whole tokens */
                                eligible_units: string;
                                holder_count: number;
                                /** Format: date-time */
                                created_at: string;
                                resolutions: {
                                    /** Format: uuid */
                                    id: string;
                                    title: string;
                                    /** @description the share of the votes for and against that must be for: simple (more than half), two_thirds or three_quarters (at least) */
                                    majority: "simple" | "two_thirds" | "three_quarters";
                                    choices: {
                                        label: string;
                                        effect: "for" | "against" | "abstain";
                                    }[];
                                }[];
                                result: {
                                    /** Format: date-time */
                                    closed_at: string;
                                    /** @description whole tokens */
                                    eligible_units: string;
                                    /** @description whole tokens */
                                    represented_units: string;
                                    turnout_pct: string;
                                    quorum_pct: string;
                                    quorum_met: boolean;
                                    resolutions: {
                                        /** Format: uuid */
                                        resolution_id: string;
                                        title: string;
                                        /** @description the share of the votes for and against that must be for: simple (more than half), two_thirds or three_quarters (at least) */
                                        majority: "simple" | "two_thirds" | "three_quarters";
                                        choices: {
                                            label: string;
                                            effect: "for" | "against" | "abstain";
                                            /** @description whole tokens */
                                            units: string;
                                            pct_of_cast: string;
                                        }[];
                                        /** @description whole tokens */
                                        votes_cast: string;
                                        turnout_pct: string;
                                        passed: boolean;
                                    }[];
                                } | null;
                                holder: {
                                    /** @description whole tokens */
                                    weight: string;
                                    voted_at: string | null;
                                    votes: {
                                        /** Format: uuid */
                                        resolution_id: string;
                                        choice: number;
                                        /** @description whole tokens */
                                        units: string;
                                    }[];
                                } | null;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/meetings/{id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve or reject a proposed meeting (a member of staff other than the proposer) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        decision: "approve" | "reject";
                        note?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            token_id: string;
                            symbol: string;
                            token_name: string;
                            title: string;
                            /** Format: date-time */
                            record_date: string;
                            /** Format: date-time */
                            opens_at: string;
                            /** Format: date-time */
                            closes_at: string;
                            quorum_pct: string;
                            status: "proposed" | "rejected" | "approved" | "closed";
                            voting: ("counting" | "not_open" | "open" | "closed") | null;
                            /** Format: uuid */
                            proposed_by: string;
                            decided_by: string | null;
                            decided_at: string | null;
                            decision_note: string | null;
                            snapshot_at: string | null;
                            /** @description whole tokens */
                            eligible_units: string;
                            holder_count: number;
                            /** Format: date-time */
                            created_at: string;
                            resolutions: {
                                /** Format: uuid */
                                id: string;
                                title: string;
                                /** @description the share of the votes for and against that must be for: simple (more than half), two_thirds or three_quarters (at least) */
                                majority: "simple" | "two_thirds" | "three_quarters";
                                choices: {
                                    label: string;
                                    effect: "for" | "against" | "abstain";
                                }[];
                            }[];
                            result: {
                                /** Format: date-time */
                                closed_at: string;
                                /** @description whole tokens */
                                eligible_units: string;
                                /** @description whole tokens */
                                represented_units: string;
                                turnout_pct: string;
                                quorum_pct: string;
                                quorum_met: boolean;
                                resolutions: {
                                    /** Format: uuid */
                                    resolution_id: string;
                                    title: string;
                                    /** @description the share of the votes for and against that must be for: simple (more than half), two_thirds or three_quarters (at least) */
                                    majority: "simple" | "two_thirds" | "three_quarters";
                                    choices: {
                                        label: string;
                                        effect: "for" | "against" | "abstain";
                                        /** @description whole tokens */
                                        units: string;
                                        pct_of_cast: string;
                                    }[];
                                    /** @description whole tokens */
                                    votes_cast: string;
                                    turnout_pct: string;
                                    passed: boolean;
                                }[];
                            } | null;
                            holder: {
                                /** @description whole tokens */
                                weight: string;
                                voted_at: string | null;
                                votes: {
                                    /** Format: uuid */
                                    resolution_id: string;
                                    choice: number;
                                    /** @description whole tokens */
                                    units: string;
                                }[];
                            } | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/meetings/{id}/ballots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every holder of record with their weight and their votes */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                user_id: string;
                                email: string | null;
                                full_name: string | null;
                                /** @description whole tokens */
                                weight: string;
                                voted_at: string | null;
                                votes: {
                                    /** Format: uuid */
                                    resolution_id: string;
                                    choice: number;
                                    /** @description whole tokens */
                                    units: string;
                                }[];
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/order-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order audit trail, a page at a time
         * @description Every order event with from <= event_time < to (at most 31 days): each status change of an order and every refused order, amend and cancel with its error code, in the order they happened. Staff.
         */
        get: {
            parameters: {
                query?: {
                    /** @description the range starts here (inclusive); default: a day before `to` */
                    from?: string;
                    /** @description the range ends here (exclusive); default now; at most 31 days */
                    to?: string;
                    limit?: number;
                    /** @description next_cursor of the previous page */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description h<n>: a status change, r<n>: a refusal */
                                event_id: string;
                                /** @description UTC, to the microsecond */
                                event_time: string;
                                /** @description the order status after the event (open, partially_filled, ...) or refused */
                                event: string;
                                /** @description the refusal's error code, or the reason of a status change */
                                outcome: string | null;
                                order_id: string | null;
                                client_order_id: string | null;
                                user_id: string;
                                token_id: string | null;
                                side: string | null;
                                order_type: string | null;
                                time_in_force: string | null;
                                price: string | null;
                                stop_price: string | null;
                                quantity: string | null;
                                filled_quantity: string | null;
                                remaining_quantity: string | null;
                                book_sequence: string | null;
                                /** @description an amend: the limit price before it */
                                previous_price: string | null;
                                /** @description an amend: the quantity before it */
                                previous_quantity: string | null;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/order-events.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order audit trail of a range, as CSV
         * @description Every order event with from <= event_time < to (at most 31 days): each status change of an order and every refused order, amend and cancel with its error code, in the order they happened. Staff.
         */
        get: {
            parameters: {
                query?: {
                    /** @description the range starts here (inclusive); default: a day before `to` */
                    from?: string;
                    /** @description the range ends here (exclusive); default now; at most 31 days */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/statements/monthly": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A calendar month (UTC): positions, trades, subscriptions, dividends, cash reconciled
         * @description Your statement. A period that has not begun is refused (STATEMENT_PERIOD_FUTURE).
         */
        get: {
            parameters: {
                query: {
                    /** @description the calendar month (UTC); the month under way gives a statement to date */
                    month: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user: {
                                /** Format: uuid */
                                id: string;
                                /** @description the person's name (their email without one) */
                                name: string;
                                email: string;
                                /** @description whose account: a corporate investor's or issuer's business, else the person */
                                account_name: string;
                            };
                            period: {
                                kind: "month" | "year";
                                label: string;
                                /** Format: date-time */
                                start: string;
                                /** Format: date-time */
                                end: string;
                                /**
                                 * Format: date-time
                                 * @description the period end, or the time of the statement for the period under way
                                 */
                                closing_at: string;
                                /** @description false for the period under way (a statement to date) */
                                complete: boolean;
                            };
                            /** Format: date-time */
                            generated_at: string;
                            positions: {
                                token_id: string;
                                symbol: string;
                                name: string;
                                /** @description units held at the start of the period */
                                opening_units: string;
                                /** @description units held at closing_at */
                                closing_units: string;
                                opening_price: string;
                                opening_value: string;
                                closing_price: string;
                                /** @description the last trade price, else the last NAV, else the offering price */
                                price_source: "trade" | "nav" | "offering";
                                priced_at: string | null;
                                closing_value: string;
                            }[];
                            positions_opening_value: string;
                            positions_closing_value: string;
                            trades: {
                                id: string;
                                /** Format: date-time */
                                at: string;
                                token_id: string;
                                symbol: string;
                                side: "buy" | "sell";
                                price: string;
                                quantity: number;
                                total: string;
                                /** @description paid by the seller */
                                fee: string;
                                /** @description a debt token's accrued interest on the trade, paid by the buyer to the seller (0.00 otherwise) */
                                accrued_interest: string;
                                /** @description what the trade did to cash: minus the total and the accrued interest for a buy; the total less the fee, plus the accrued interest, for a sell */
                                net: string;
                            }[];
                            subscriptions: {
                                id: string;
                                /** Format: date-time */
                                created_at: string;
                                token_id: string;
                                symbol: string;
                                quantity: number;
                                price_per_token: string;
                                amount: string;
                                status: string;
                            }[];
                            dividends: {
                                id: string;
                                /** Format: date-time */
                                paid_at: string;
                                token_id: string;
                                symbol: string;
                                dividend_type: string;
                                /** @description a dividend, or a debt token's coupon or redemption (face value and last coupon) */
                                kind: "dividend" | "coupon" | "redemption";
                                token_balance: number;
                                gross_amount: string;
                                fee_amount: string;
                                net_amount: string;
                                /** @description tokens received (token dividends) */
                                quantity: number;
                                currency: string | null;
                            }[];
                            cash_movements: {
                                id: string;
                                /** Format: date-time */
                                at: string;
                                kind: "deposit" | "withdrawal";
                                amount: string;
                                status: string;
                            }[];
                            cash: {
                                currency: string;
                                opening_balance: string;
                                lines: {
                                    key: string;
                                    label: string;
                                    amount: string;
                                }[];
                                /** @description the opening balance plus the lines */
                                closing_balance: string;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/statements/monthly.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A calendar month (UTC): positions, trades, subscriptions, dividends, cash reconciled
         * @description Your statement. A period that has not begun is refused (STATEMENT_PERIOD_FUTURE).
         */
        get: {
            parameters: {
                query: {
                    /** @description the calendar month (UTC); the month under way gives a statement to date */
                    month: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/statements/monthly.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A calendar month (UTC): positions, trades, subscriptions, dividends, cash reconciled
         * @description Your statement. A period that has not begun is refused (STATEMENT_PERIOD_FUTURE).
         */
        get: {
            parameters: {
                query: {
                    /** @description the calendar month (UTC); the month under way gives a statement to date */
                    month: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/statements/yearly": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A calendar year (UTC): dividends received and fees paid per token
         * @description Your statement. A period that has not begun is refused (STATEMENT_PERIOD_FUTURE).
         */
        get: {
            parameters: {
                query: {
                    /** @description the calendar year (UTC); the year under way gives a summary to date */
                    year: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user: {
                                /** Format: uuid */
                                id: string;
                                /** @description the person's name (their email without one) */
                                name: string;
                                email: string;
                                /** @description whose account: a corporate investor's or issuer's business, else the person */
                                account_name: string;
                            };
                            period: {
                                kind: "month" | "year";
                                label: string;
                                /** Format: date-time */
                                start: string;
                                /** Format: date-time */
                                end: string;
                                /**
                                 * Format: date-time
                                 * @description the period end, or the time of the statement for the period under way
                                 */
                                closing_at: string;
                                /** @description false for the period under way (a statement to date) */
                                complete: boolean;
                            };
                            /** Format: date-time */
                            generated_at: string;
                            tokens: {
                                token_id: string;
                                symbol: string;
                                /** @description fiat dividends received, net of fees */
                                dividends_usd: string;
                                /** @description stablecoin dividends received, net of fees */
                                dividends_usdc: string;
                                /** @description tokens received as token dividends */
                                dividend_units: string;
                                /** @description fees withheld from dividends */
                                dividend_fees: string;
                                /** @description trading fees paid (the seller pays them) */
                                trading_fees: string;
                                fees_total: string;
                            }[];
                            totals: {
                                /** @description fiat dividends received, net of fees */
                                dividends_usd: string;
                                /** @description stablecoin dividends received, net of fees */
                                dividends_usdc: string;
                                /** @description tokens received as token dividends */
                                dividend_units: string;
                                /** @description fees withheld from dividends */
                                dividend_fees: string;
                                /** @description trading fees paid (the seller pays them) */
                                trading_fees: string;
                                fees_total: string;
                            };
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/statements/yearly.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A calendar year (UTC): dividends received and fees paid per token
         * @description Your statement. A period that has not begun is refused (STATEMENT_PERIOD_FUTURE).
         */
        get: {
            parameters: {
                query: {
                    /** @description the calendar year (UTC); the year under way gives a summary to date */
                    year: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/statements/yearly.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A calendar year (UTC): dividends received and fees paid per token
         * @description Your statement. A period that has not begun is refused (STATEMENT_PERIOD_FUTURE).
         */
        get: {
            parameters: {
                query: {
                    /** @description the calendar year (UTC); the year under way gives a summary to date */
                    year: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{id}/statements/monthly": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A calendar month (UTC): positions, trades, subscriptions, dividends, cash reconciled
         * @description Staff: any user's statement. A period that has not begun is refused (STATEMENT_PERIOD_FUTURE).
         */
        get: {
            parameters: {
                query: {
                    /** @description the calendar month (UTC); the month under way gives a statement to date */
                    month: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user: {
                                /** Format: uuid */
                                id: string;
                                /** @description the person's name (their email without one) */
                                name: string;
                                email: string;
                                /** @description whose account: a corporate investor's or issuer's business, else the person */
                                account_name: string;
                            };
                            period: {
                                kind: "month" | "year";
                                label: string;
                                /** Format: date-time */
                                start: string;
                                /** Format: date-time */
                                end: string;
                                /**
                                 * Format: date-time
                                 * @description the period end, or the time of the statement for the period under way
                                 */
                                closing_at: string;
                                /** @description false for the period under way (a statement to date) */
                                complete: boolean;
                            };
                            /** Format: date-time */
                            generated_at: string;
                            positions: {
                                token_id: string;
                                symbol: string;
                                name: string;
                                /** @description units held at the start of the period */
                                opening_units: string;
                                /** @description units held at closing_at */
                                closing_units: string;
                                opening_price: string;
                                opening_value: string;
                                closing_price: string;
                                /** @description the last trade price, else the last NAV, else the offering price */
                                price_source: "trade" | "nav" | "offering";
                                priced_at: string | null;
                                closing_value: string;
                            }[];
                            positions_opening_value: string;
                            positions_closing_value: string;
                            trades: {
                                id: string;
                                /** Format: date-time */
                                at: string;
                                token_id: string;
                                symbol: string;
                                side: "buy" | "sell";
                                price: string;
                                quantity: number;
                                total: string;
                                /** @description paid by the seller */
                                fee: string;
                                /** @description a debt token's accrued interest on the trade, paid by the buyer to the seller (0.00 otherwise) */
                                accrued_interest: string;
                                /** @description what the trade did to cash: minus the total and the accrued interest for a buy; the total less the fee, plus the accrued interest, for a sell */
                                net: string;
                            }[];
                            subscriptions: {
                                id: string;
                                /** Format: date-time */
                                created_at: string;
                                token_id: string;
                                symbol: string;
                                quantity: number;
                                price_per_token: string;
                                amount: string;
                                status: string;
                            }[];
                            dividends: {
                                id: string;
                                /** Format: date-time */
                                paid_at: string;
                                token_id: string;
                                symbol: string;
                                dividend_type: string;
                                /** @description a dividend, or a debt token's coupon or redemption (face value and last coupon) */
                                kind: "dividend" | "coupon" | "redemption";
                                token_balance: number;
                                gross_amount: string;
                                fee_amount: string;
                                net_amount: string;
                                /** @description tokens received (token dividends) */
                                quantity: number;
                                currency: string | null;
                            }[];
                            cash_movements: {
                                id: string;
                                /** Format: date-time */
                                at: string;
                                kind: "deposit" | "withdrawal";
                                amount: string;
                                status: string;
                            }[];
                            cash: {
                                currency: string;
                                opening_balance: string;
                                lines: {
                                    key: string;
                                    label: string;
                                    amount: string;
                                }[];
                                /** @description the opening balance plus the lines */
                                closing_balance: string;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{id}/statements/monthly.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A calendar month (UTC): positions, trades, subscriptions, dividends, cash reconciled
         * @description Staff: any user's statement. A period that has not begun is refused (STATEMENT_PERIOD_FUTURE).
         */
        get: {
            parameters: {
                query: {
                    /** @description the calendar month (UTC); the month under way gives a statement to date */
                    month: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{id}/statements/monthly.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A calendar month (UTC): positions, trades, subscriptions, dividends, cash reconciled
         * @description Staff: any user's statement. A period that has not begun is refused (STATEMENT_PERIOD_FUTURE).
         */
        get: {
            parameters: {
                query: {
                    /** @description the calendar month (UTC); the month under way gives a statement to date */
                    month: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{id}/statements/yearly": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A calendar year (UTC): dividends received and fees paid per token
         * @description Staff: any user's statement. A period that has not begun is refused (STATEMENT_PERIOD_FUTURE).
         */
        get: {
            parameters: {
                query: {
                    /** @description the calendar year (UTC); the year under way gives a summary to date */
                    year: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user: {
                                /** Format: uuid */
                                id: string;
                                /** @description the person's name (their email without one) */
                                name: string;
                                email: string;
                                /** @description whose account: a corporate investor's or issuer's business, else the person */
                                account_name: string;
                            };
                            period: {
                                kind: "month" | "year";
                                label: string;
                                /** Format: date-time */
                                start: string;
                                /** Format: date-time */
                                end: string;
                                /**
                                 * Format: date-time
                                 * @description the period end, or the time of the statement for the period under way
                                 */
                                closing_at: string;
                                /** @description false for the period under way (a statement to date) */
                                complete: boolean;
                            };
                            /** Format: date-time */
                            generated_at: string;
                            tokens: {
                                token_id: string;
                                symbol: string;
                                /** @description fiat dividends received, net of fees */
                                dividends_usd: string;
                                /** @description stablecoin dividends received, net of fees */
                                dividends_usdc: string;
                                /** @description tokens received as token dividends */
                                dividend_units: string;
                                /** @description fees withheld from dividends */
                                dividend_fees: string;
                                /** @description trading fees paid (the seller pays them) */
                                trading_fees: string;
                                fees_total: string;
                            }[];
                            totals: {
                                /** @description fiat dividends received, net of fees */
                                dividends_usd: string;
                                /** @description stablecoin dividends received, net of fees */
                                dividends_usdc: string;
                                /** @description tokens received as token dividends */
                                dividend_units: string;
                                /** @description fees withheld from dividends */
                                dividend_fees: string;
                                /** @description trading fees paid (the seller pays them) */
                                trading_fees: string;
                                fees_total: string;
                            };
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{id}/statements/yearly.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A calendar year (UTC): dividends received and fees paid per token
         * @description Staff: any user's statement. A period that has not begun is refused (STATEMENT_PERIOD_FUTURE).
         */
        get: {
            parameters: {
                query: {
                    /** @description the calendar year (UTC); the year under way gives a summary to date */
                    year: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{id}/statements/yearly.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A calendar year (UTC): dividends received and fees paid per token
         * @description Staff: any user's statement. A period that has not begun is refused (STATEMENT_PERIOD_FUTURE).
         */
        get: {
            parameters: {
                query: {
                    /** @description the calendar year (UTC); the year under way gives a summary to date */
                    year: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{id}/charts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A token's holders over time, trading over time and holders by country
         * @description Holders from the record of token movements, trading from the trades; default the last 30 days by day. The token’s issuer and staff.
         */
        get: {
            parameters: {
                query?: {
                    /** @description start of the range; the bucket holding it is the first */
                    from?: string;
                    /** @description end of the range, inclusive; default now; not in the future */
                    to?: string;
                    /** @description UTC hours, days, or weeks from Monday; at most 1000 */
                    bucket?: "hour" | "day" | "week";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            token_id: string;
                            symbol: string;
                            bucket: "hour" | "day" | "week";
                            /**
                             * Format: date-time
                             * @description the start of the first bucket
                             */
                            from: string;
                            /**
                             * Format: date-time
                             * @description the end of the range
                             */
                            to: string;
                            holders: {
                                /**
                                 * Format: date-time
                                 * @description the start of the bucket (UTC)
                                 */
                                start: string;
                                /** @description the register's holders (its investors: not the issuer or the treasury) when the bucket closes */
                                holders: number;
                            }[];
                            trading: {
                                /**
                                 * Format: date-time
                                 * @description the start of the bucket (UTC)
                                 */
                                start: string;
                                /** @description trades booked in the bucket */
                                trades: number;
                                /** @description units traded */
                                volume: string;
                                /** @description sum of the trades’ totals (USD) */
                                value: string;
                                open: string | null;
                                high: string | null;
                                low: string | null;
                                close: string | null;
                            }[];
                            countries: {
                                /** @description ISO 3166-1 alpha-2 as the register has it: the holder's country (docs/compliance.md) */
                                country: string;
                                /** @description holders (investors) in the country at `to` */
                                holders: number;
                                /** @description their units at `to` */
                                units: string;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Orders and trades per bucket, and the settlement and verification queues
         * @description Default the last 24 hours by hour.
         */
        get: {
            parameters: {
                query?: {
                    /** @description start of the range; the bucket holding it is the first */
                    from?: string;
                    /** @description end of the range, inclusive; default now; not in the future */
                    to?: string;
                    /** @description UTC hours, days, or weeks from Monday; at most 1000 */
                    bucket?: "hour" | "day" | "week";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            bucket: "hour" | "day" | "week";
                            /**
                             * Format: date-time
                             * @description the start of the first bucket
                             */
                            from: string;
                            /**
                             * Format: date-time
                             * @description the end of the range
                             */
                            to: string;
                            points: {
                                /**
                                 * Format: date-time
                                 * @description the start of the bucket (UTC)
                                 */
                                start: string;
                                /** @description orders placed in the bucket */
                                orders: number;
                                /** @description trades booked in the bucket */
                                trades: number;
                                /** @description trades booked and not yet settled when the bucket closes */
                                settlement_queue: number;
                                /** @description KYC and KYB applications waiting for a decision then */
                                verification_queue: number;
                            }[];
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/work": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What waits for a person on each staff screen (the counts of the queues) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description KYC applications pending or in review */
                            kyc: number;
                            /** @description investor classifications whose evidence waits for review */
                            classifications: number;
                            /** @description KYB applications pending or in review */
                            kyb: number;
                            /** @description businesses whose KYB is approved, not yet activated */
                            businesses_to_activate: number;
                            /** @description offering allocations waiting for payment */
                            payments_to_confirm: number;
                            /** @description allocations whose minting failed */
                            minting_failed: number;
                            /** @description deposits to confirm and withdrawals to pay out */
                            fiat_requests: number;
                            /** @description dividends to approve, to distribute, or with a failed payment */
                            dividends: number;
                            /** @description trades whose settlement failed */
                            settlements_failed: number;
                            /** @description agent actions waiting for an admin other than their proposer (four eyes), or failed on chain */
                            agent_actions: number;
                            /** @description issuers' calls of debt tokens waiting for a staff decision */
                            debt_calls: number;
                            /** @description debt token payments due soon or now that the issuer's balance does not cover */
                            debt_funding_short: number;
                            /** @description redemptions whose burn on chain failed for good, awaiting staff's retry */
                            debt_burns_failed: number;
                            /** @description open surveillance alerts */
                            alerts_open: number;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/provider": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The identity provider's review results
         * @description Authenticated by X-Payload-Digest (HMAC of the raw body with the webhook secret) and X-Payload-Digest-Alg. Replays are acknowledged without effect.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {number} */
                            ok: 1;
                            outcome: string;
                        };
                    };
                };
                /** @description Refused: nothing was changed */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Failed or unavailable */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description RFC 9457 problem details; `code` is stable (docs/api.md, "Errors") */
        Problem: {
            type: string;
            title: string;
            status: number;
            detail?: string;
            code: string;
            instance?: string;
            request_id?: string;
            errors?: {
                field: string;
                message: string;
                detail?: string;
                unknown_field?: string;
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
