// The trading process's API as TypeScript types, generated from its OpenAPI document.
// Do not edit: `npm run sdk:generate` writes it again (docs/sdk.md).
export interface paths {
    "/api/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your orders, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    status?: "open" | "partially_filled" | "filled" | "cancelled" | "pending_stop" | "expired";
                    token_id?: string;
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
                                token_id: string;
                                side: "buy" | "sell";
                                order_type: "limit" | "market" | "stop_loss" | "stop_limit";
                                time_in_force: "GTC" | "IOC" | "FOK" | "POST_ONLY" | "GTD" | "DAY" | "ATO" | "ATC" | "GFA";
                                price: string | null;
                                stop_price: string | null;
                                quantity: number;
                                filled_quantity: number;
                                remaining_quantity: number;
                                locked_fiat: string;
                                average_price: string | null;
                                status: "open" | "partially_filled" | "filled" | "cancelled" | "pending_stop" | "expired";
                                cancel_reason: string | null;
                                expires_at: string | null;
                                client_order_id: string | null;
                                created_at: string;
                                updated_at: string;
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
        /** Place an order; answers after it is committed, with the trades it made */
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
                        side: "buy" | "sell";
                        order_type: "limit" | "market" | "stop_loss" | "stop_limit";
                        /** @description whole tokens */
                        quantity: number | string;
                        /**
                         * @description decimal string > 0 with at most 2 decimals, on the token tick (e.g. "12.50")
                         * @example 12.50
                         */
                        price?: string;
                        /**
                         * @description decimal string > 0 with at most 2 decimals, on the token tick (e.g. "12.50")
                         * @example 12.50
                         */
                        stop_price?: string;
                        time_in_force?: "GTC" | "IOC" | "FOK" | "POST_ONLY" | "GTD" | "DAY" | "ATO" | "ATC" | "GFA";
                        /** Format: date-time */
                        expires_at?: string;
                        client_order_id?: string;
                        confirm_fat_finger?: boolean;
                        confirm_nav_deviation?: boolean;
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
                            order: {
                                id: string;
                                user_id: string;
                                token_id: string;
                                side: "buy" | "sell";
                                order_type: "limit" | "market" | "stop_loss" | "stop_limit";
                                time_in_force: "GTC" | "IOC" | "FOK" | "POST_ONLY" | "GTD" | "DAY" | "ATO" | "ATC" | "GFA";
                                price: string | null;
                                stop_price: string | null;
                                quantity: number;
                                filled_quantity: number;
                                remaining_quantity: number;
                                locked_fiat: string;
                                average_price: string | null;
                                status: "open" | "partially_filled" | "filled" | "cancelled" | "pending_stop" | "expired";
                                cancel_reason: string | null;
                                expires_at: string | null;
                                client_order_id: string | null;
                                created_at: string;
                                updated_at: string;
                            };
                            trades: {
                                id: string;
                                token_id: string;
                                order_id: string | null;
                                otc_order_id: string | null;
                                side: "buy" | "sell";
                                price: string;
                                quantity: number;
                                total: string;
                                fee: string;
                                /** @description a debt token's accrued interest on the trade: the buyer paid it, the seller got it */
                                accrued_interest: string;
                                settlement_status: "pending" | "processing" | "settled" | "failed";
                                settled_at: string | null;
                                created_at: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            otc_order: {
                                id: string;
                                user_id: string;
                                token_id: string;
                                side: "buy" | "sell";
                                price: string;
                                quantity: number;
                                filled_quantity: number;
                                remaining_quantity: number;
                                locked_fiat: string;
                                status: "pending" | "approved" | "partially_filled" | "filled" | "rejected" | "cancelled";
                                reason: string | null;
                                reviewed_at: string | null;
                                created_at: string;
                                updated_at: string;
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
        /** Cancel all your open orders, of one token or of all */
        delete: {
            parameters: {
                query?: {
                    token_id?: string;
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
                                token_id: string;
                                side: "buy" | "sell";
                                order_type: "limit" | "market" | "stop_loss" | "stop_limit";
                                time_in_force: "GTC" | "IOC" | "FOK" | "POST_ONLY" | "GTD" | "DAY" | "ATO" | "ATC" | "GFA";
                                price: string | null;
                                stop_price: string | null;
                                quantity: number;
                                filled_quantity: number;
                                remaining_quantity: number;
                                locked_fiat: string;
                                average_price: string | null;
                                status: "open" | "partially_filled" | "filled" | "cancelled" | "pending_stop" | "expired";
                                cancel_reason: string | null;
                                expires_at: string | null;
                                client_order_id: string | null;
                                created_at: string;
                                updated_at: string;
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
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of your orders */
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
                            token_id: string;
                            side: "buy" | "sell";
                            order_type: "limit" | "market" | "stop_loss" | "stop_limit";
                            time_in_force: "GTC" | "IOC" | "FOK" | "POST_ONLY" | "GTD" | "DAY" | "ATO" | "ATC" | "GFA";
                            price: string | null;
                            stop_price: string | null;
                            quantity: number;
                            filled_quantity: number;
                            remaining_quantity: number;
                            locked_fiat: string;
                            average_price: string | null;
                            status: "open" | "partially_filled" | "filled" | "cancelled" | "pending_stop" | "expired";
                            cancel_reason: string | null;
                            expires_at: string | null;
                            client_order_id: string | null;
                            created_at: string;
                            updated_at: string;
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
        /** Cancel an open order; what it still locks is released */
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
                            id: string;
                            user_id: string;
                            token_id: string;
                            side: "buy" | "sell";
                            order_type: "limit" | "market" | "stop_loss" | "stop_limit";
                            time_in_force: "GTC" | "IOC" | "FOK" | "POST_ONLY" | "GTD" | "DAY" | "ATO" | "ATC" | "GFA";
                            price: string | null;
                            stop_price: string | null;
                            quantity: number;
                            filled_quantity: number;
                            remaining_quantity: number;
                            locked_fiat: string;
                            average_price: string | null;
                            status: "open" | "partially_filled" | "filled" | "cancelled" | "pending_stop" | "expired";
                            cancel_reason: string | null;
                            expires_at: string | null;
                            client_order_id: string | null;
                            created_at: string;
                            updated_at: string;
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
        /** Amend an open order: a new total quantity and/or limit price */
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
                        /** @description whole tokens */
                        quantity?: number | string;
                        /**
                         * @description decimal string > 0 with at most 2 decimals, on the token tick (e.g. "12.50")
                         * @example 12.50
                         */
                        price?: string;
                        confirm_fat_finger?: boolean;
                        confirm_nav_deviation?: boolean;
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
                            order: {
                                id: string;
                                user_id: string;
                                token_id: string;
                                side: "buy" | "sell";
                                order_type: "limit" | "market" | "stop_loss" | "stop_limit";
                                time_in_force: "GTC" | "IOC" | "FOK" | "POST_ONLY" | "GTD" | "DAY" | "ATO" | "ATC" | "GFA";
                                price: string | null;
                                stop_price: string | null;
                                quantity: number;
                                filled_quantity: number;
                                remaining_quantity: number;
                                locked_fiat: string;
                                average_price: string | null;
                                status: "open" | "partially_filled" | "filled" | "cancelled" | "pending_stop" | "expired";
                                cancel_reason: string | null;
                                expires_at: string | null;
                                client_order_id: string | null;
                                created_at: string;
                                updated_at: string;
                            };
                            trades: {
                                id: string;
                                token_id: string;
                                order_id: string | null;
                                otc_order_id: string | null;
                                side: "buy" | "sell";
                                price: string;
                                quantity: number;
                                total: string;
                                fee: string;
                                /** @description a debt token's accrued interest on the trade: the buyer paid it, the seller got it */
                                accrued_interest: string;
                                settlement_status: "pending" | "processing" | "settled" | "failed";
                                settled_at: string | null;
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
        trace?: never;
    };
    "/api/v1/orderbook/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A token's order book: price levels, best first, and the book's sequence */
        get: {
            parameters: {
                query?: {
                    depth?: number;
                };
                header?: never;
                path: {
                    tokenId: string;
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
                            sequence: number;
                            last_price: string | null;
                            halted_until: string | null;
                            bids: {
                                price: string;
                                quantity: number;
                                order_count: number;
                            }[];
                            asks: {
                                price: string;
                                quantity: number;
                                order_count: number;
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
    "/api/v1/trades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your trades, newest first: your side of each */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    token_id?: string;
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
                                order_id: string | null;
                                otc_order_id: string | null;
                                side: "buy" | "sell";
                                price: string;
                                quantity: number;
                                total: string;
                                fee: string;
                                /** @description a debt token's accrued interest on the trade: the buyer paid it, the seller got it */
                                accrued_interest: string;
                                settlement_status: "pending" | "processing" | "settled" | "failed";
                                settled_at: string | null;
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
    "/api/v1/admin/trades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All trades, newest first, by token, user or settlement status */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    token_id?: string;
                    user_id?: string;
                    settlement_status?: "pending" | "processing" | "settled" | "failed";
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
                                buy_order_id: string | null;
                                sell_order_id: string | null;
                                buy_otc_order_id: string | null;
                                sell_otc_order_id: string | null;
                                buyer_id: string;
                                seller_id: string;
                                taker_side: "buy" | "sell";
                                price: string;
                                quantity: number;
                                total: string;
                                platform_fee: string;
                                effective_fee_bps: number;
                                /** @description a debt token's accrued interest on the quantity: paid by the buyer to the seller */
                                accrued_interest: string;
                                settlement_status: "pending" | "processing" | "settled" | "failed";
                                settlement_type: string | null;
                                settlement_attempts: number;
                                settlement_error: string | null;
                                settled_at: string | null;
                                tx_hash: string | null;
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
    "/api/v1/otc-orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your OTC requests, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    status?: "pending" | "approved" | "partially_filled" | "filled" | "rejected" | "cancelled";
                    token_id?: string;
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
                                token_id: string;
                                side: "buy" | "sell";
                                price: string;
                                quantity: number;
                                filled_quantity: number;
                                remaining_quantity: number;
                                locked_fiat: string;
                                status: "pending" | "approved" | "partially_filled" | "filled" | "rejected" | "cancelled";
                                reason: string | null;
                                reviewed_at: string | null;
                                created_at: string;
                                updated_at: string;
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
    "/api/v1/otc-orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of your OTC requests */
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
                            token_id: string;
                            side: "buy" | "sell";
                            price: string;
                            quantity: number;
                            filled_quantity: number;
                            remaining_quantity: number;
                            locked_fiat: string;
                            status: "pending" | "approved" | "partially_filled" | "filled" | "rejected" | "cancelled";
                            reason: string | null;
                            reviewed_at: string | null;
                            created_at: string;
                            updated_at: string;
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
        /** Cancel one of your OTC requests (pending or approved); releases its lock */
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
                            id: string;
                            user_id: string;
                            token_id: string;
                            side: "buy" | "sell";
                            price: string;
                            quantity: number;
                            filled_quantity: number;
                            remaining_quantity: number;
                            locked_fiat: string;
                            status: "pending" | "approved" | "partially_filled" | "filled" | "rejected" | "cancelled";
                            reason: string | null;
                            reviewed_at: string | null;
                            created_at: string;
                            updated_at: string;
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
    "/api/v1/admin/otc-orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OTC requests, newest first (status, token and user filters) */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                    status?: "pending" | "approved" | "partially_filled" | "filled" | "rejected" | "cancelled";
                    token_id?: string;
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
                            data: {
                                id: string;
                                user_id: string;
                                token_id: string;
                                side: "buy" | "sell";
                                price: string;
                                quantity: number;
                                filled_quantity: number;
                                remaining_quantity: number;
                                locked_fiat: string;
                                status: "pending" | "approved" | "partially_filled" | "filled" | "rejected" | "cancelled";
                                reason: string | null;
                                reviewed_at: string | null;
                                created_at: string;
                                updated_at: string;
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
    "/api/v1/admin/otc-orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One OTC request */
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
                            token_id: string;
                            side: "buy" | "sell";
                            price: string;
                            quantity: number;
                            filled_quantity: number;
                            remaining_quantity: number;
                            locked_fiat: string;
                            status: "pending" | "approved" | "partially_filled" | "filled" | "rejected" | "cancelled";
                            reason: string | null;
                            reviewed_at: string | null;
                            created_at: string;
                            updated_at: string;
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
    "/api/v1/admin/otc-orders/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a pending request; it crosses at once with approved ones of the other side */
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
                            otc_order: {
                                id: string;
                                user_id: string;
                                token_id: string;
                                side: "buy" | "sell";
                                price: string;
                                quantity: number;
                                filled_quantity: number;
                                remaining_quantity: number;
                                locked_fiat: string;
                                status: "pending" | "approved" | "partially_filled" | "filled" | "rejected" | "cancelled";
                                reason: string | null;
                                reviewed_at: string | null;
                                created_at: string;
                                updated_at: string;
                            };
                            trades: {
                                id: string;
                                token_id: string;
                                buy_order_id: string | null;
                                sell_order_id: string | null;
                                buy_otc_order_id: string | null;
                                sell_otc_order_id: string | null;
                                buyer_id: string;
                                seller_id: string;
                                taker_side: "buy" | "sell";
                                price: string;
                                quantity: number;
                                total: string;
                                platform_fee: string;
                                effective_fee_bps: number;
                                /** @description a debt token's accrued interest on the quantity: paid by the buyer to the seller */
                                accrued_interest: string;
                                settlement_status: "pending" | "processing" | "settled" | "failed";
                                settlement_type: string | null;
                                settlement_attempts: number;
                                settlement_error: string | null;
                                settled_at: string | null;
                                tx_hash: string | null;
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
    "/api/v1/admin/otc-orders/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a pending request with a reason; releases its lock */
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
                            id: string;
                            user_id: string;
                            token_id: string;
                            side: "buy" | "sell";
                            price: string;
                            quantity: number;
                            filled_quantity: number;
                            remaining_quantity: number;
                            locked_fiat: string;
                            status: "pending" | "approved" | "partially_filled" | "filled" | "rejected" | "cancelled";
                            reason: string | null;
                            reviewed_at: string | null;
                            created_at: string;
                            updated_at: string;
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
    "/api/v1/admin/tokens/{id}/trading-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A token's trading settings and halt */
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
                            fee_bps: number;
                            fat_finger_mode: string;
                            fat_finger_factor: string;
                            circuit_breaker_pct: string;
                            circuit_breaker_window_seconds: number;
                            halt_seconds: number;
                            nav_deviation_pct: string;
                            halted_until: string | null;
                            last_price: string | null;
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
        /** Change a token's trading settings (fee, fat-finger, circuit breaker, NAV) */
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
                        fee_bps?: number;
                        fat_finger_mode?: "block" | "confirm";
                        fat_finger_factor?: string;
                        /**
                         * @description percent move within the window that halts trading
                         * @example 2.50
                         */
                        circuit_breaker_pct?: string;
                        circuit_breaker_window_seconds?: number;
                        halt_seconds?: number;
                        /**
                         * @description percent an order price may deviate from the NAV before it needs confirming
                         * @example 2.50
                         */
                        nav_deviation_pct?: string;
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
                            fee_bps: number;
                            fat_finger_mode: string;
                            fat_finger_factor: string;
                            circuit_breaker_pct: string;
                            circuit_breaker_window_seconds: number;
                            halt_seconds: number;
                            nav_deviation_pct: string;
                            halted_until: string | null;
                            last_price: string | null;
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
    "/api/v1/admin/tokens/{id}/halt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Halt a token's book by hand for some minutes, with the reason (audited) */
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
                        /** @description how long, at most a week */
                        minutes: number;
                        /** @description why (audited) */
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
                            fee_bps: number;
                            fat_finger_mode: string;
                            fat_finger_factor: string;
                            circuit_breaker_pct: string;
                            circuit_breaker_window_seconds: number;
                            halt_seconds: number;
                            nav_deviation_pct: string;
                            halted_until: string | null;
                            last_price: string | null;
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
    "/api/v1/admin/tokens/{id}/lift-halt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lift a halt of a token's book: it reopens through a call unless `reopen` is continuous (audited) */
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
                        /** @description auction (default): a continuous_with_auctions book reopens through a call of its opening call length; continuous: it matches at once */
                        reopen?: "auction" | "continuous";
                        /** @description why (audited) */
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
                            token_id: string;
                            fee_bps: number;
                            fat_finger_mode: string;
                            fat_finger_factor: string;
                            circuit_breaker_pct: string;
                            circuit_breaker_window_seconds: number;
                            halt_seconds: number;
                            nav_deviation_pct: string;
                            halted_until: string | null;
                            last_price: string | null;
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
    "/api/v1/tokens/{id}/navs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record a token's NAV (its issuer or staff) */
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
                        /**
                         * @description decimal string > 0 with at most 2 decimals, on the token tick (e.g. "12.50")
                         * @example 12.50
                         */
                        nav: string;
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
                            nav: string;
                            recorded_by: string;
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
    "/api/v1/admin/tokens/{id}/trading-mode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Switch a live token between the order book and OTC (open book orders or OTC requests are cancelled) */
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
                        trading_mode: "full_orderbook" | "fixed_price_otc";
                        /** @description why the mode changes (audited) */
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
                            trading_mode: string;
                            otc_requests_cancelled: number;
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
    "/api/v1/admin/cluster": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The trading nodes (state, heartbeat, books) and every book lease (owner, epoch, ages) */
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
                            /** @description the node that answered */
                            answered_by: string;
                            /** @description single: one process owns every book (no NATS); cluster: nodes share them */
                            mode: "single" | "cluster";
                            nodes: {
                                id: string;
                                url: string | null;
                                /** @description expired: its heartbeat stopped and books are still leased to it */
                                state: "live" | "draining" | "expired";
                                started_at: string | null;
                                /** @description since its last heartbeat; null for the single process, which keeps none */
                                heartbeat_age_ms: number | null;
                                /** @description books leased to it */
                                books: number;
                            }[];
                            books: {
                                token_id: string;
                                symbol: string;
                                owner_node: string | null;
                                /** @description expired: its owner stopped renewing and any node may take it */
                                state: "held" | "expired" | "free";
                                /** @description rises at every hand-over; every commit checks it */
                                epoch: number;
                                /** Format: date-time */
                                acquired_at: string;
                                /** @description since its owner took it */
                                lease_age_ms: number;
                                /** Format: date-time */
                                expires_at: string;
                                /** @description negative once expired */
                                expires_in_ms: number;
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
    "/api/v1/cluster/book-owners": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each book's owner node, for clients that send a book's commands straight to it */
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
                            /** @description books held by a live node; a book left out, or every book of a single process, is served by any node */
                            books: {
                                token_id: string;
                                /** @description the owner node's public URL (its TRADING_URL) */
                                node_url: string;
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
    "/api/v1/markets/{tokenId}/trades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A token's public trades, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    tokenId: string;
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
                                price: string;
                                quantity: number;
                                taker_side: "buy" | "sell";
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
    "/api/v1/markets/{tokenId}/candles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A token's candles (UTC buckets, oldest first; none for an interval without trades) */
        get: {
            parameters: {
                query: {
                    interval: "1m" | "5m" | "1h" | "1d";
                    from?: string;
                    to?: string;
                };
                header?: never;
                path: {
                    tokenId: string;
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
                                start: string;
                                open: string;
                                high: string;
                                low: string;
                                close: string;
                                volume: number;
                                trades: number;
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
    "/api/v1/tickers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every traded token's 24 h ticker: last, open, high, low, volume, change */
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
                                token_id: string;
                                symbol: string;
                                last: string | null;
                                open_24h: string | null;
                                high_24h: string | null;
                                low_24h: string | null;
                                volume_24h: number;
                                change_24h: string | null;
                                change_pct_24h: string | null;
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
    "/api/v1/admin/tokens/{id}/trading-session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A token's trading session and market model */
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
                            market_model: "continuous" | "continuous_with_auctions" | "periodic_auction";
                            /** @description IANA time zone, e.g. Europe/Berlin */
                            time_zone: string;
                            /** @description weekly hours; none: around the clock */
                            hours: {
                                /** @description ISO: 1 Monday ... 7 Sunday */
                                weekday: number;
                                opens: string;
                                closes: string;
                            }[];
                            /** @description holiday calendar */
                            calendar: string | null;
                            /** @description continuous_with_auctions: the opening (and reopening) call */
                            opening_call_seconds: number;
                            /** @description continuous_with_auctions: the closing call */
                            closing_call_seconds: number;
                            /** @description periodic_auction: the length of each call */
                            call_seconds: number;
                            /** @description the window after a call’s scheduled end in which it ends at random */
                            random_end_seconds: number;
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
        /** Set a token's trading session and market model (with a reason, audited) */
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
                        market_model: "continuous" | "continuous_with_auctions" | "periodic_auction";
                        /** @description IANA time zone, e.g. Europe/Berlin */
                        time_zone: string;
                        /** @description weekly hours; none: around the clock */
                        hours: {
                            /** @description ISO: 1 Monday ... 7 Sunday */
                            weekday: number;
                            opens: string;
                            closes: string;
                        }[];
                        /** @description holiday calendar */
                        calendar: string | null;
                        /** @description continuous_with_auctions: the opening (and reopening) call */
                        opening_call_seconds: number;
                        /** @description continuous_with_auctions: the closing call */
                        closing_call_seconds: number;
                        /** @description periodic_auction: the length of each call */
                        call_seconds: number;
                        /** @description the window after a call’s scheduled end in which it ends at random */
                        random_end_seconds: number;
                        /** @description why it changes (audited) */
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
                            market_model: "continuous" | "continuous_with_auctions" | "periodic_auction";
                            /** @description IANA time zone, e.g. Europe/Berlin */
                            time_zone: string;
                            /** @description weekly hours; none: around the clock */
                            hours: {
                                /** @description ISO: 1 Monday ... 7 Sunday */
                                weekday: number;
                                opens: string;
                                closes: string;
                            }[];
                            /** @description holiday calendar */
                            calendar: string | null;
                            /** @description continuous_with_auctions: the opening (and reopening) call */
                            opening_call_seconds: number;
                            /** @description continuous_with_auctions: the closing call */
                            closing_call_seconds: number;
                            /** @description periodic_auction: the length of each call */
                            call_seconds: number;
                            /** @description the window after a call’s scheduled end in which it ends at random */
                            random_end_seconds: number;
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
    "/api/v1/admin/trading-calendars": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The holiday calendars */
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
                                code: string;
                                name: string;
                                holidays: {
                                    date: string;
                                    name: string;
                                }[];
                                updated_at: string;
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
    "/api/v1/admin/trading-calendars/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A holiday calendar */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    code: string;
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
                            code: string;
                            name: string;
                            holidays: {
                                date: string;
                                name: string;
                            }[];
                            updated_at: string;
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
        /** Create a holiday calendar or replace its name and days (with a reason, audited) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    code: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        holidays: {
                            /** Format: date */
                            date: string;
                            name: string;
                        }[];
                        /** @description why it changes (audited) */
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
                            code: string;
                            name: string;
                            holidays: {
                                date: string;
                                name: string;
                            }[];
                            updated_at: string;
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
    "/api/v1/markets/{tokenId}/phase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A token's market phase now and its scheduled end */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    tokenId: string;
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
                            market_model: string;
                            time_zone: string;
                            phase: "closed" | "pre_open" | "continuous" | "closing_call" | "halted" | "auction";
                            scheduled_end: string | null;
                            random_end_window_seconds: number | null;
                            indicative: {
                                price: string | null;
                                volume: number;
                                surplus_side: "buy" | "sell" | null;
                                surplus: number;
                            } | null;
                            at: string;
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
    "/api/v1/admin/surveillance/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Surveillance alerts, newest first */
        get: {
            parameters: {
                query?: {
                    status?: "open" | "closed";
                    token_id?: string;
                    rule?: "spoofing" | "layering" | "wash_trade" | "auction_cancel";
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
                                token_id: string;
                                rule: "spoofing" | "layering" | "wash_trade" | "auction_cancel";
                                status: "open" | "closed";
                                user_id: string;
                                summary: string;
                                detected_at: string;
                                evidence: {
                                    orders: {
                                        id: string;
                                        user_id: string;
                                        side: "buy" | "sell";
                                        price: string | null;
                                        quantity: number;
                                        filled_quantity: number;
                                        placed_at: string;
                                        cancelled_at: string | null;
                                    }[];
                                    trades: {
                                        id: string;
                                        price: string;
                                        quantity: number;
                                        buyer_id: string;
                                        seller_id: string;
                                        executed_at: string;
                                    }[];
                                };
                                closed_at: string | null;
                                closed_by: string | null;
                                note: string | null;
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
    "/api/v1/admin/surveillance/alerts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One surveillance alert with its evidence */
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
                            rule: "spoofing" | "layering" | "wash_trade" | "auction_cancel";
                            status: "open" | "closed";
                            user_id: string;
                            summary: string;
                            detected_at: string;
                            evidence: {
                                orders: {
                                    id: string;
                                    user_id: string;
                                    side: "buy" | "sell";
                                    price: string | null;
                                    quantity: number;
                                    filled_quantity: number;
                                    placed_at: string;
                                    cancelled_at: string | null;
                                }[];
                                trades: {
                                    id: string;
                                    price: string;
                                    quantity: number;
                                    buyer_id: string;
                                    seller_id: string;
                                    executed_at: string;
                                }[];
                            };
                            closed_at: string | null;
                            closed_by: string | null;
                            note: string | null;
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
    "/api/v1/admin/surveillance/alerts/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close an open alert with a note */
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
                        /** @description Why the alert is closed (what staff found) */
                        note: string;
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
                            token_id: string;
                            rule: "spoofing" | "layering" | "wash_trade" | "auction_cancel";
                            status: "open" | "closed";
                            user_id: string;
                            summary: string;
                            detected_at: string;
                            evidence: {
                                orders: {
                                    id: string;
                                    user_id: string;
                                    side: "buy" | "sell";
                                    price: string | null;
                                    quantity: number;
                                    filled_quantity: number;
                                    placed_at: string;
                                    cancelled_at: string | null;
                                }[];
                                trades: {
                                    id: string;
                                    price: string;
                                    quantity: number;
                                    buyer_id: string;
                                    seller_id: string;
                                    executed_at: string;
                                }[];
                            };
                            closed_at: string | null;
                            closed_by: string | null;
                            note: string | null;
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
    "/api/v1/admin/surveillance/thresholds/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A token's surveillance thresholds (the platform's defaults when it has none) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    tokenId: string;
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
                            is_default: boolean;
                            spoofing_size_multiple: number;
                            spoofing_max_lifetime_seconds: number;
                            layering_min_levels: number;
                            layering_window_seconds: number;
                            wash_window_seconds: number;
                            wash_min_round_trips: number;
                            wash_price_tolerance_bps: number;
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
        /** Set a token's surveillance thresholds (all of them) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    tokenId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        spoofing_size_multiple: number;
                        spoofing_max_lifetime_seconds: number;
                        layering_min_levels: number;
                        layering_window_seconds: number;
                        wash_window_seconds: number;
                        wash_min_round_trips: number;
                        wash_price_tolerance_bps: number;
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
                            is_default: boolean;
                            spoofing_size_multiple: number;
                            spoofing_max_lifetime_seconds: number;
                            layering_min_levels: number;
                            layering_window_seconds: number;
                            wash_window_seconds: number;
                            wash_min_round_trips: number;
                            wash_price_tolerance_bps: number;
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
    "/api/v1/admin/settlement/failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Trades whose settlement failed, with the error */
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
                                /** Format: uuid */
                                id: string;
                                /** Format: uuid */
                                token_id: string;
                                /** Format: uuid */
                                buyer_id: string;
                                /** Format: uuid */
                                seller_id: string;
                                quantity: number;
                                price: string;
                                /** @enum {string} */
                                settlement_status: "failed";
                                settlement_attempts: number;
                                settlement_error: string | null;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: date-time */
                                failed_at: string;
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
    "/api/v1/admin/trades/{id}/retry-settlement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Retry a failed settlement (failed -> processing, attempts from zero) */
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
                            /** @enum {string} */
                            settlement_status: "processing";
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
    "/api/v1/admin/trades/retry-settlement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Retry every failed settlement matching the filters (token, error code, failure time), audited */
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
                        token_id?: string;
                        /** @description the code the last error starts with, e.g. CHAIN_UNAVAILABLE */
                        error_code?: string;
                        /**
                         * Format: date-time
                         * @description failed at or after this instant
                         */
                        failed_from?: string;
                        /**
                         * Format: date-time
                         * @description failed before this instant
                         */
                        failed_to?: string;
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
                            retried: number;
                            trade_ids: string[];
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
    "/api/v1/admin/reconciliation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Database balances against the chain for every deployed token */
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
                            /** Format: date-time */
                            generated_at: string;
                            tokens: {
                                token_id: string;
                                symbol: string;
                                contract_address: string;
                                holders: number;
                                in_flight_trades: number;
                                database_total: string;
                                chain_total_supply: string;
                            }[];
                            mismatches: {
                                token_id: string;
                                symbol: string;
                                kind: "balance" | "total_supply" | "identity_not_registered" | "holder_without_address";
                                user_id: string | null;
                                wallet_address: string | null;
                                database: string | null;
                                chain: string | null;
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
