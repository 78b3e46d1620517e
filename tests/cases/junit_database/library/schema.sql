-- A small library. `rating` comes first and references `book`, which the tests must create
-- before it; `year` and `value` are keywords of H2; the author foreign key is an ALTER TABLE.
CREATE TABLE rating (
    book_id INT NOT NULL REFERENCES book (id),
    value SMALLINT NOT NULL
);

CREATE TABLE author (
    id BIGINT PRIMARY KEY,
    name VARCHAR(40) NOT NULL,
    initials CHAR(4)
);

CREATE TABLE book (
    id INT PRIMARY KEY,
    title VARCHAR(60) NOT NULL,
    year INT,
    in_print BOOLEAN DEFAULT TRUE NOT NULL,
    author_id BIGINT NOT NULL
);

ALTER TABLE book ADD CONSTRAINT book_author FOREIGN KEY (author_id) REFERENCES author (id);

-- Loans get their ids from the database; the label is computed from the reader's name.
CREATE TABLE loan (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    book_id INT NOT NULL REFERENCES book (id),
    reader VARCHAR(20) NOT NULL,
    label VARCHAR(30) GENERATED ALWAYS AS ('to ' || reader)
);
