-- A lending library: shelves, and the books standing on them. Each shelf keeps its own count
-- of books, which the application maintains next to every insert and delete
-- (the scenario of Marcozzi, Vanhoof and Hainaut).

CREATE TABLE shelf (
    id        INTEGER PRIMARY KEY,
    name      VARCHAR(20) NOT NULL UNIQUE,
    capacity  INTEGER NOT NULL DEFAULT 10 CHECK (capacity > 0),
    nb_books  INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT shelf_not_overfull CHECK (nb_books >= 0 AND nb_books <= capacity)
);

CREATE TABLE book (
    id         INTEGER NOT NULL,
    shelf_id   INTEGER NOT NULL,
    title      VARCHAR(40) NOT NULL,
    "year"     SMALLINT CHECK ("year" IS NULL OR "year" BETWEEN 1450 AND 2100),
    available  BOOLEAN NOT NULL DEFAULT TRUE,
    CONSTRAINT pk_book PRIMARY KEY (id),
    CONSTRAINT fk_book_shelf FOREIGN KEY (shelf_id) REFERENCES shelf (id)
);
