package mcpauth

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// assertionLifetime is how long a client assertion is valid.
const assertionLifetime = 5 * time.Minute

// clientAssertion signs the JWT with which a client authenticates with
// private_key_jwt (RFC 7523 §2.2): issuer and subject are the client id,
// the audience the authorization server.
func (c *Client) clientAssertion(clientID, audience string) (string, error) {
	key, err := parsePrivateKey(c.cfg.PrivateKey)
	if err != nil {
		return "", err
	}
	alg := c.cfg.SigningAlgorithm
	if alg == "" {
		alg = defaultAlgorithm(key)
	}
	method := jwt.GetSigningMethod(alg)
	if method == nil {
		return "", fmt.Errorf("unknown signing algorithm %q", alg)
	}
	jti := make([]byte, 16)
	_, _ = rand.Read(jti)
	now := time.Now()
	claims := jwt.RegisteredClaims{
		Issuer: clientID, Subject: clientID, Audience: jwt.ClaimStrings{audience},
		IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(now.Add(assertionLifetime)),
		ID: hex.EncodeToString(jti),
	}
	signed, err := jwt.NewWithClaims(method, claims).SignedString(key)
	if err != nil {
		return "", fmt.Errorf("sign client assertion: %w", err)
	}
	return signed, nil
}

// parsePrivateKey reads a PEM private key: PKCS #8, SEC 1 (EC) or PKCS #1
// (RSA).
func parsePrivateKey(pemText string) (crypto.Signer, error) {
	block, _ := pem.Decode([]byte(pemText))
	if block == nil {
		return nil, errors.New("private_key is not a PEM block")
	}
	if k, err := x509.ParsePKCS8PrivateKey(block.Bytes); err == nil {
		if s, ok := k.(crypto.Signer); ok {
			return s, nil
		}
		return nil, fmt.Errorf("private_key: unsupported key type %T", k)
	}
	if k, err := x509.ParseECPrivateKey(block.Bytes); err == nil {
		return k, nil
	}
	if k, err := x509.ParsePKCS1PrivateKey(block.Bytes); err == nil {
		return k, nil
	}
	return nil, errors.New("private_key: not a PKCS #8, EC or RSA private key")
}

// defaultAlgorithm picks the JWS algorithm for key's type.
func defaultAlgorithm(key crypto.Signer) string {
	switch k := key.(type) {
	case *ecdsa.PrivateKey:
		switch k.Curve.Params().BitSize {
		case 384:
			return "ES384"
		case 521:
			return "ES512"
		}
		return "ES256"
	case ed25519.PrivateKey:
		return "EdDSA"
	case *rsa.PrivateKey:
		return "RS256"
	}
	return "RS256"
}
