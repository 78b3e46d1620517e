-- Accounts whose balances never go negative, and the log of the transfers between them.

CREATE TABLE account (
    id       INTEGER PRIMARY KEY,
    owner    VARCHAR(20) NOT NULL,
    balance  INTEGER NOT NULL CHECK (balance >= 0)
);

CREATE TABLE transfer_log (
    id       INTEGER AUTO_INCREMENT PRIMARY KEY,
    from_id  INTEGER NOT NULL,
    to_id    INTEGER NOT NULL,
    amount   INTEGER NOT NULL
);
