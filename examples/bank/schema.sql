-- Accounts of a small bank, whose balances (in cents) never go negative, and the movements
-- booked on them. A movement is identified by its account and a reference number chosen by
-- the client (seq), unique per account.

CREATE TABLE account (
    id        INTEGER PRIMARY KEY,
    owner     VARCHAR(30) NOT NULL,
    currency  CHAR(3) NOT NULL DEFAULT 'EUR' CHECK (currency IN ('EUR', 'USD')),
    balance   BIGINT NOT NULL DEFAULT 0,
    frozen    BOOLEAN NOT NULL DEFAULT FALSE,
    CONSTRAINT non_negative_balance CHECK (balance >= 0)
);

CREATE TABLE movement (
    account_id  INTEGER NOT NULL REFERENCES account (id),
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    "value"     BIGINT NOT NULL CHECK ("value" <> 0),
    PRIMARY KEY (account_id, seq)
);
