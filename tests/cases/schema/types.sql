-- Types from PostgreSQL, MySQL and H2 schemas.
CREATE TABLE measurement (
    id          SERIAL PRIMARY KEY,
    big_id      BIGSERIAL,
    tiny        TINYINT,
    medium      MEDIUMINT,
    int4_col    INT4,
    int8_col    INT8,
    counter     INT UNSIGNED,
    flag        BOOL,
    bit_flag    BIT,
    amount      NUMERIC(9),
    big_amount  DECIMAL(18, 0),
    huge_amount DECIMAL(30, 0),
    price       DECIMAL(10, 2),
    ratio       REAL,
    score       DOUBLE PRECISION,
    born        DATE,
    created_at  TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
    uid         UUID,
    notes       LONGVARCHAR,
    code        VARCHAR2(12),
    tag         VARCHAR,
    initial     CHAR,
    nick        VARCHAR_IGNORECASE(20),
    location    GEOMETRY,
    big_number  BIGINT DEFAULT 99999999999999999999,
    label       VARCHAR(10) DEFAULT ('x' || 'y'),
    CHECK (location IS NOT NULL)
);

CREATE TABLE mysql_style (
    id INT NOT NULL AUTO_INCREMENT,
    name VARCHAR(50) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL COMMENT 'the name',
    `order` INT DEFAULT 1,
    PRIMARY KEY (id),
    KEY ix_name (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
