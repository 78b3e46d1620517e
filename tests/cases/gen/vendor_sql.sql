CREATE TABLE spending_limit (
    member_id   INTEGER PRIMARY KEY,
    max_points  INTEGER NOT NULL CHECK (max_points >= 0)
);

CREATE TABLE audit (
    id       INTEGER AUTO_INCREMENT PRIMARY KEY,
    user_id  INTEGER NOT NULL,
    action   VARCHAR(10) NOT NULL
);
