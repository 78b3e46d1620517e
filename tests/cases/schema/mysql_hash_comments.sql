# A MySQL schema whose only MySQL syntax is its comments: the `#` lines tell the dialect,
# so the table is read (with the generic dialect, `#` was a syntax error and the table lost).
CREATE TABLE member
(
    id    INT NOT NULL AUTO_INCREMENT,
    name  VARCHAR(35) NULL,
    PRIMARY KEY (id)
);
