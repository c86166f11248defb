// The chain process's API as TypeScript types, generated from its OpenAPI document.
// Do not edit: `npm run sdk:generate` writes it again (docs/sdk.md).
export interface paths {
    "/api/v1/deploy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deploy the T-REX suite of a token (idempotent by token_id) */
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
                         * @description the salt of the suite
                         */
                        token_id: string;
                        name: string;
                        symbol: string;
                        decimals: number;
                        /** @description who the gas is booked to (e.g. the issuer business id); recorded only */
                        payer_ref?: string;
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
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            token_addr: string;
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            identity_registry_addr: string;
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            identity_registry_storage_addr: string;
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            trusted_issuers_registry_addr: string;
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            claim_topics_registry_addr: string;
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            compliance_addr: string;
                            tx_hash: string | null;
                            /** @description false when the suite already existed */
                            created: boolean;
                            transaction: {
                                operation: string;
                                tx_hash: string;
                                block_number: number;
                                nonce: number;
                                /** @description wei, decimal string */
                                gas_used: string;
                                /** @description wei, decimal string */
                                effective_gas_price: string;
                                /** @description wei, decimal string */
                                cost_wei: string;
                                payer_type: "platform" | "issuer";
                                payer_ref: string | null;
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
    "/api/v1/register-identity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create the investor ONCHAINID, add the KYC claim, register it for every token */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Required on mutating routes. A retry with the same key never sends a second transaction: it returns the recorded outcome or resumes the transaction in flight. */
                    "idempotency-key": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        investor_addr: string;
                        /** @description ISO 3166-1 numeric */
                        country_code: number;
                        /** @description who the gas is booked to (e.g. the issuer business id); recorded only */
                        payer_ref?: string;
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
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            investor_addr: string;
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            identity_addr: string;
                            country_code: number;
                            tx_hash: string | null;
                            transactions: {
                                operation: string;
                                tx_hash: string;
                                block_number: number;
                                nonce: number;
                                /** @description wei, decimal string */
                                gas_used: string;
                                /** @description wei, decimal string */
                                effective_gas_price: string;
                                /** @description wei, decimal string */
                                cost_wei: string;
                                payer_type: "platform" | "issuer";
                                payer_ref: string | null;
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
    "/api/v1/revoke-kyc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke the investor's KYC claim (unverified on every token) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Required on mutating routes. A retry with the same key never sends a second transaction: it returns the recorded outcome or resumes the transaction in flight. */
                    "idempotency-key": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        investor_addr: string;
                        /** @description who the gas is booked to (e.g. the issuer business id); recorded only */
                        payer_ref?: string;
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
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            investor_addr: string;
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            identity_addr: string;
                            tx_hash: string | null;
                            transaction: {
                                operation: string;
                                tx_hash: string;
                                block_number: number;
                                nonce: number;
                                /** @description wei, decimal string */
                                gas_used: string;
                                /** @description wei, decimal string */
                                effective_gas_price: string;
                                /** @description wei, decimal string */
                                cost_wei: string;
                                payer_type: "platform" | "issuer";
                                payer_ref: string | null;
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
    "/api/v1/update-identity-country": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a registered wallet's country (investorCountry) for every token */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Required on mutating routes. A retry with the same key never sends a second transaction: it returns the recorded outcome or resumes the transaction in flight. */
                    "idempotency-key": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        investor_addr: string;
                        /** @description ISO 3166-1 numeric */
                        country_code: number;
                        /** @description who the gas is booked to (e.g. the issuer business id); recorded only */
                        payer_ref?: string;
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
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            investor_addr: string;
                            registered: boolean;
                            previous_country_code: number | null;
                            country_code: number | null;
                            tx_hash: string | null;
                            transaction: {
                                operation: string;
                                tx_hash: string;
                                block_number: number;
                                nonce: number;
                                /** @description wei, decimal string */
                                gas_used: string;
                                /** @description wei, decimal string */
                                effective_gas_price: string;
                                /** @description wei, decimal string */
                                cost_wei: string;
                                payer_type: "platform" | "issuer";
                                payer_ref: string | null;
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
    "/api/v1/mint": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mint base units to a verified wallet (issuer pays) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Required on mutating routes. A retry with the same key never sends a second transaction: it returns the recorded outcome or resumes the transaction in flight. */
                    "idempotency-key": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        token_addr: string;
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        to_addr: string;
                        /**
                         * @description A positive whole number of base units (amount * 10^decimals), as a decimal string
                         * @example 1000000000000000000
                         */
                        amount: string;
                        /** @description who the gas is booked to (e.g. the issuer business id); recorded only */
                        payer_ref?: string;
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
                            operation: string;
                            tx_hash: string;
                            block_number: number;
                            nonce: number;
                            /** @description wei, decimal string */
                            gas_used: string;
                            /** @description wei, decimal string */
                            effective_gas_price: string;
                            /** @description wei, decimal string */
                            cost_wei: string;
                            payer_type: "platform" | "issuer";
                            payer_ref: string | null;
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
    "/api/v1/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Forced transfer from seller to buyer after the platform checks (platform pays) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Required on mutating routes. A retry with the same key never sends a second transaction: it returns the recorded outcome or resumes the transaction in flight. */
                    "idempotency-key": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        token_addr: string;
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        from_addr: string;
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        to_addr: string;
                        /**
                         * @description A positive whole number of base units (amount * 10^decimals), as a decimal string
                         * @example 1000000000000000000
                         */
                        amount: string;
                        /** @description who the gas is booked to (e.g. the issuer business id); recorded only */
                        payer_ref?: string;
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
                            operation: string;
                            tx_hash: string;
                            block_number: number;
                            nonce: number;
                            /** @description wei, decimal string */
                            gas_used: string;
                            /** @description wei, decimal string */
                            effective_gas_price: string;
                            /** @description wei, decimal string */
                            cost_wei: string;
                            payer_type: "platform" | "issuer";
                            payer_ref: string | null;
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
    "/api/v1/agent-transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Forced transfer ordered by a court or regulator: only the receiver and balance checked */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Required on mutating routes. A retry with the same key never sends a second transaction: it returns the recorded outcome or resumes the transaction in flight. */
                    "idempotency-key": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        token_addr: string;
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        from_addr: string;
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        to_addr: string;
                        /**
                         * @description A positive whole number of base units (amount * 10^decimals), as a decimal string
                         * @example 1000000000000000000
                         */
                        amount: string;
                        /** @description who the gas is booked to (e.g. the issuer business id); recorded only */
                        payer_ref?: string;
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
                            operation: string;
                            tx_hash: string;
                            block_number: number;
                            nonce: number;
                            /** @description wei, decimal string */
                            gas_used: string;
                            /** @description wei, decimal string */
                            effective_gas_price: string;
                            /** @description wei, decimal string */
                            cost_wei: string;
                            payer_type: "platform" | "issuer";
                            payer_ref: string | null;
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
    "/api/v1/recover-wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace an investor's lost wallet by a new one on every token given (recoveryAddress) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Required on mutating routes. A retry with the same key never sends a second transaction: it returns the recorded outcome or resumes the transaction in flight. */
                    "idempotency-key": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        lost_addr: string;
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        new_addr: string;
                        token_addrs: string[];
                        /** @description who the gas is booked to (e.g. the issuer business id); recorded only */
                        payer_ref?: string;
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
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            lost_addr: string;
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            new_addr: string;
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            identity_addr: string;
                            tokens: {
                                /**
                                 * @description EVM address (0x + 40 hex digits)
                                 * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                                 */
                                token_addr: string;
                                /** @description wei, decimal string */
                                balance: string;
                                /** @description wei, decimal string */
                                frozen: string;
                                address_frozen: boolean;
                                tx_hash: string | null;
                            }[];
                            transactions: {
                                operation: string;
                                tx_hash: string;
                                block_number: number;
                                nonce: number;
                                /** @description wei, decimal string */
                                gas_used: string;
                                /** @description wei, decimal string */
                                effective_gas_price: string;
                                /** @description wei, decimal string */
                                cost_wei: string;
                                payer_type: "platform" | "issuer";
                                payer_ref: string | null;
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
    "/api/v1/freeze-address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Freeze or unfreeze a wallet's address on a token (setAddressFrozen) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Required on mutating routes. A retry with the same key never sends a second transaction: it returns the recorded outcome or resumes the transaction in flight. */
                    "idempotency-key": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        token_addr: string;
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        wallet_addr: string;
                        frozen: boolean;
                        /** @description who the gas is booked to (e.g. the issuer business id); recorded only */
                        payer_ref?: string;
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
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            token_addr: string;
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            wallet_addr: string;
                            address_frozen: boolean;
                            /** @description wei, decimal string */
                            frozen: string;
                            /** @description wei, decimal string */
                            balance: string;
                            transaction: {
                                operation: string;
                                tx_hash: string;
                                block_number: number;
                                nonce: number;
                                /** @description wei, decimal string */
                                gas_used: string;
                                /** @description wei, decimal string */
                                effective_gas_price: string;
                                /** @description wei, decimal string */
                                cost_wei: string;
                                payer_type: "platform" | "issuer";
                                payer_ref: string | null;
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
    "/api/v1/freeze-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Freeze base units of a wallet (freezePartialTokens) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Required on mutating routes. A retry with the same key never sends a second transaction: it returns the recorded outcome or resumes the transaction in flight. */
                    "idempotency-key": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        token_addr: string;
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        wallet_addr: string;
                        /**
                         * @description A positive whole number of base units (amount * 10^decimals), as a decimal string
                         * @example 1000000000000000000
                         */
                        amount: string;
                        /** @description who the gas is booked to (e.g. the issuer business id); recorded only */
                        payer_ref?: string;
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
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            token_addr: string;
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            wallet_addr: string;
                            address_frozen: boolean;
                            /** @description wei, decimal string */
                            frozen: string;
                            /** @description wei, decimal string */
                            balance: string;
                            transaction: {
                                operation: string;
                                tx_hash: string;
                                block_number: number;
                                nonce: number;
                                /** @description wei, decimal string */
                                gas_used: string;
                                /** @description wei, decimal string */
                                effective_gas_price: string;
                                /** @description wei, decimal string */
                                cost_wei: string;
                                payer_type: "platform" | "issuer";
                                payer_ref: string | null;
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
    "/api/v1/unfreeze-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unfreeze base units of a wallet (unfreezePartialTokens) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Required on mutating routes. A retry with the same key never sends a second transaction: it returns the recorded outcome or resumes the transaction in flight. */
                    "idempotency-key": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        token_addr: string;
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        wallet_addr: string;
                        /**
                         * @description A positive whole number of base units (amount * 10^decimals), as a decimal string
                         * @example 1000000000000000000
                         */
                        amount: string;
                        /** @description who the gas is booked to (e.g. the issuer business id); recorded only */
                        payer_ref?: string;
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
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            token_addr: string;
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            wallet_addr: string;
                            address_frozen: boolean;
                            /** @description wei, decimal string */
                            frozen: string;
                            /** @description wei, decimal string */
                            balance: string;
                            transaction: {
                                operation: string;
                                tx_hash: string;
                                block_number: number;
                                nonce: number;
                                /** @description wei, decimal string */
                                gas_used: string;
                                /** @description wei, decimal string */
                                effective_gas_price: string;
                                /** @description wei, decimal string */
                                cost_wei: string;
                                payer_type: "platform" | "issuer";
                                payer_ref: string | null;
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
    "/api/v1/batch-transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Several forced transfers of one token in one transaction, all or nothing */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Required on mutating routes. A retry with the same key never sends a second transaction: it returns the recorded outcome or resumes the transaction in flight. */
                    "idempotency-key": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        token_addr: string;
                        transfers: {
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            from_addr: string;
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            to_addr: string;
                            /**
                             * @description A positive whole number of base units (amount * 10^decimals), as a decimal string
                             * @example 1000000000000000000
                             */
                            amount: string;
                        }[];
                        /** @description who the gas is booked to (e.g. the issuer business id); recorded only */
                        payer_ref?: string;
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
                            operation: string;
                            tx_hash: string;
                            block_number: number;
                            nonce: number;
                            /** @description wei, decimal string */
                            gas_used: string;
                            /** @description wei, decimal string */
                            effective_gas_price: string;
                            /** @description wei, decimal string */
                            cost_wei: string;
                            payer_type: "platform" | "issuer";
                            payer_ref: string | null;
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
    "/api/v1/scale-holdings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A split's or consolidation's batch: each holder's change minted or burned, all or nothing, then its frozen units set */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Required on mutating routes. A retry with the same key never sends a second transaction: it returns the recorded outcome or resumes the transaction in flight. */
                    "idempotency-key": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        token_addr: string;
                        direction: "mint" | "burn";
                        holdings: {
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            wallet_addr: string;
                            /**
                             * @description A positive whole number of base units (amount * 10^decimals), as a decimal string
                             * @example 1000000000000000000
                             */
                            amount: string;
                            /** @description the frozen base units the wallet ends with */
                            frozen: string;
                        }[];
                        /** @description who the gas is booked to (e.g. the issuer business id); recorded only */
                        payer_ref?: string;
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
                            operation: string;
                            tx_hash: string;
                            block_number: number;
                            nonce: number;
                            /** @description wei, decimal string */
                            gas_used: string;
                            /** @description wei, decimal string */
                            effective_gas_price: string;
                            /** @description wei, decimal string */
                            cost_wei: string;
                            payer_type: "platform" | "issuer";
                            payer_ref: string | null;
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
    "/api/v1/compliance-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Put a token's chain-enforced rules on its compliance (country lists, max balance, supply cap) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Required on mutating routes. A retry with the same key never sends a second transaction: it returns the recorded outcome or resumes the transaction in flight. */
                    "idempotency-key": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        token_addr: string;
                        allowed_countries: number[] | null;
                        /** @description ISO 3166-1 numeric country codes */
                        blocked_countries: number[];
                        /** @description base units; null for no limit */
                        max_balance: string | null;
                        /** @description base units; null for no limit */
                        supply_cap: string | null;
                        /** @description receivers exempt from the country and max balance rules (treasury, issuer) */
                        exempt_wallets: string[];
                        /** @description who the gas is booked to (e.g. the issuer business id); recorded only */
                        payer_ref?: string;
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
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            token_addr: string;
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            module_addr: string;
                            allowed_countries: number[] | null;
                            blocked_countries: number[];
                            max_balance: string | null;
                            supply_cap: string | null;
                            exempt_wallets: string[];
                            transactions: {
                                operation: string;
                                tx_hash: string;
                                block_number: number;
                                nonce: number;
                                /** @description wei, decimal string */
                                gas_used: string;
                                /** @description wei, decimal string */
                                effective_gas_price: string;
                                /** @description wei, decimal string */
                                cost_wei: string;
                                payer_type: "platform" | "issuer";
                                payer_ref: string | null;
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
    "/api/v1/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause a token */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Required on mutating routes. A retry with the same key never sends a second transaction: it returns the recorded outcome or resumes the transaction in flight. */
                    "idempotency-key": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        token_addr: string;
                        /** @description who the gas is booked to (e.g. the issuer business id); recorded only */
                        payer_ref?: string;
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
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            token_addr: string;
                            paused: boolean;
                            tx_hash: string | null;
                            transaction: {
                                operation: string;
                                tx_hash: string;
                                block_number: number;
                                nonce: number;
                                /** @description wei, decimal string */
                                gas_used: string;
                                /** @description wei, decimal string */
                                effective_gas_price: string;
                                /** @description wei, decimal string */
                                cost_wei: string;
                                payer_type: "platform" | "issuer";
                                payer_ref: string | null;
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
    "/api/v1/unpause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unpause a token (tokens start paused) */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description Required on mutating routes. A retry with the same key never sends a second transaction: it returns the recorded outcome or resumes the transaction in flight. */
                    "idempotency-key": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description EVM address (0x + 40 hex digits)
                         * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                         */
                        token_addr: string;
                        /** @description who the gas is booked to (e.g. the issuer business id); recorded only */
                        payer_ref?: string;
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
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            token_addr: string;
                            paused: boolean;
                            tx_hash: string | null;
                            transaction: {
                                operation: string;
                                tx_hash: string;
                                block_number: number;
                                nonce: number;
                                /** @description wei, decimal string */
                                gas_used: string;
                                /** @description wei, decimal string */
                                effective_gas_price: string;
                                /** @description wei, decimal string */
                                cost_wei: string;
                                payer_type: "platform" | "issuer";
                                payer_ref: string | null;
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
    "/api/v1/tokens/{token_addr}/balances/{wallet_addr}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Token balance of a wallet (base units) and the frozen part */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description EVM address (0x + 40 hex digits)
                     * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                     */
                    token_addr: string;
                    /**
                     * @description EVM address (0x + 40 hex digits)
                     * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                     */
                    wallet_addr: string;
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
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            token_addr: string;
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            wallet_addr: string;
                            /** @description wei, decimal string */
                            balance: string;
                            /** @description wei, decimal string */
                            frozen: string;
                            address_frozen: boolean;
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
    "/api/v1/tokens/{token_addr}/verified/{wallet_addr}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The token's identity registry isVerified(wallet) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description EVM address (0x + 40 hex digits)
                     * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                     */
                    token_addr: string;
                    /**
                     * @description EVM address (0x + 40 hex digits)
                     * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                     */
                    wallet_addr: string;
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
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            token_addr: string;
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            wallet_addr: string;
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
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/identities/{wallet_addr}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The ONCHAINID of a wallet, its registration and its KYC claim */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description EVM address (0x + 40 hex digits)
                     * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                     */
                    wallet_addr: string;
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
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            wallet_addr: string;
                            identity_addr: string | null;
                            registered: boolean;
                            country_code: number | null;
                            kyc_claim: "valid" | "revoked" | "none";
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
    "/api/v1/tokens/{token_addr}/total-supply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The token's totalSupply (base units) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description EVM address (0x + 40 hex digits)
                     * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                     */
                    token_addr: string;
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
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            token_addr: string;
                            total_supply: string;
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
    "/api/v1/transactions/{operation}/{idempotency_key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What became of the transaction sent under an idempotency key (the node asked when its receipt is not recorded) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    operation: "infrastructure" | "deploy_suite" | "create_identity" | "add_kyc_claim" | "register_identity" | "revoke_kyc_claim" | "update_identity_country" | "mint" | "forced_transfer" | "batch_forced_transfer" | "batch_mint" | "batch_burn" | "pause" | "unpause" | "bind_compliance_module" | "set_compliance_rules" | "freeze_address" | "unfreeze_address" | "freeze_tokens" | "unfreeze_tokens" | "agent_forced_transfer" | "add_recovery_key" | "remove_recovery_key" | "unregister_identity" | "recover_wallet";
                    idempotency_key: string;
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
                            operation: string;
                            idempotency_key: string;
                            status: "unknown" | "queued" | "failed" | "sent" | "mined" | "reverted";
                            tx_hash: string | null;
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
    "/api/v1/tokens/{token_addr}/balances-at-time": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Balances and frozen parts of wallets at the last block mined at or before an instant (the register reconciliation) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description EVM address (0x + 40 hex digits)
                     * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                     */
                    token_addr: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description the instant: the last block at or before it is read
                         */
                        at: string;
                        wallets: string[];
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
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            token_addr: string;
                            block_number: number;
                            /** @description ISO 8601 */
                            block_timestamp: string;
                            balances: {
                                /**
                                 * @description EVM address (0x + 40 hex digits)
                                 * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                                 */
                                wallet_addr: string;
                                /** @description wei, decimal string */
                                balance: string;
                                /** @description wei, decimal string */
                                frozen: string;
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
    "/api/v1/tokens/{token_addr}/transfer-checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Settlement pre-checks of transfers (verified, frozen, paused, balance, canTransfer), each on its own */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /**
                     * @description EVM address (0x + 40 hex digits)
                     * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                     */
                    token_addr: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        transfers: {
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            from_addr: string;
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            to_addr: string;
                            /**
                             * @description A positive whole number of base units (amount * 10^decimals), as a decimal string
                             * @example 1000000000000000000
                             */
                            amount: string;
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
                            /**
                             * @description EVM address (0x + 40 hex digits)
                             * @example 0x70997970C51812dc3A010C7d01b50e0d17dc79C8
                             */
                            token_addr: string;
                            paused: boolean;
                            refusals: (null | {
                                code: string;
                                detail: string;
                            })[];
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
