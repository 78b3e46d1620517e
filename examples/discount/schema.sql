-- A bookshop's catalogue: books by subject and publisher, with the copies in stock, and the
-- books currently on sale (the discount scenario of Emmi, Majumdar and Sen, also used by
-- Pan, Wu and Xie). Prices are in cents.

CREATE TABLE publisher (
    id       INTEGER PRIMARY KEY,
    name     VARCHAR(20) NOT NULL UNIQUE,
    partner  BOOLEAN NOT NULL DEFAULT FALSE
);

CREATE TABLE book (
    isbn          BIGINT PRIMARY KEY,
    title         VARCHAR(40) NOT NULL,
    subject       VARCHAR(30) NOT NULL,
    publisher_id  INTEGER NOT NULL REFERENCES publisher (id),
    price         INTEGER NOT NULL CHECK (price BETWEEN 1 AND 100000),
    inventory     INTEGER NOT NULL DEFAULT 0 CHECK (inventory >= 0)
);

CREATE TABLE sale (
    isbn     BIGINT PRIMARY KEY,
    percent  SMALLINT NOT NULL CHECK (percent IN (10, 20, 30)),
    FOREIGN KEY (isbn) REFERENCES book (isbn)
);
