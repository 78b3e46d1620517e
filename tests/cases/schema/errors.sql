CREATE TABLE author (
    id INTEGER PRIMARY KEY,
    name VARCHAR(50) NOT NULL,
    UNIQUE (name, nickname)
);

CREATE TABLE article (
    id INTEGER PRIMARY KEY,
    author_id INTEGER REFERENCES writer (id),
    editor_id INTEGER REFERENCES author (badge),
    title VARCHAR(100) NOT NULL,
    body TEXT NOT NULL SOMETHING WEIRD,
    published BOOLEAN,
    PRIMARY KEY (title),
    FOREIGN KEY (reviewer_id) REFERENCES author (id),
    FOREIGN KEY (author_id, editor_id) REFERENCES author (id)
);

CREATE TABLE author (id INTEGER);
CREATE TABLE IF NOT EXISTS author (id INTEGER);

CREATE TABLE tag (
    article_id INTEGER,
    id INTEGER,
    id INTEGER,
    FOREIGN KEY (article_id) REFERENCES article (title)
);

CREATE TABLE nokey (x INTEGER);
CREATE TABLE refs_nokey (x INTEGER REFERENCES nokey);

CREATE VIEW published_article AS SELECT * FROM article WHERE published;
CREATE TRIGGER touch AFTER UPDATE ON article FOR EACH ROW EXECUTE FUNCTION touch();
INSERT INTO author (id, name) VALUES (1, 'Ann');
ALTER TABLE article ADD CONSTRAINT uq_title UNIQUE (title);
ALTER TABLE article ADD COLUMN rating INTEGER CHECK (rating BETWEEN 1 AND 5);
ALTER TABLE article DROP COLUMN published;
ALTER TABLE missing ADD CONSTRAINT c CHECK (x > 0);
SELEC * FROM author;
CREATE TABLE broken (id INTEGER, name VARCHAR(10)
