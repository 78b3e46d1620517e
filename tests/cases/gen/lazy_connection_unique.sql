CREATE TABLE user_role (id SERIAL PRIMARY KEY, role TEXT NOT NULL UNIQUE);
CREATE TABLE user_account (
    id SERIAL PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    role_id INTEGER,
    FOREIGN KEY (role_id) REFERENCES user_role (id)
);
